import DBus
import FeelsSystem
import TipsCore
import TipsInterface

/// `org.feels.Tips1`, as the contract declares it: thin handlers that decode the options, make a write or answer a
/// read from the durable engine, and encode the answer.
extension TipsObject: Tips1Serving {
    // MARK: - What apps report

    public func logMood(mood: String, options: Tips1.LogOptions, reply: Tips1.LogMoodAnswer) {
        enqueue(
            Write(caller: reply.sender, reply: reply.reply) { engine throws(TipsError) in
                let entry = engine.logMood(try Mood(parsing: mood))
                let count = UInt32(clamping: engine.parameterValues.moodLogCount)
                return Applied(journal: .append(entry)) { _ in Tips1.LogMoodAnswer.values(moodLogCount: count) }
            })
    }

    public func settingsViewed(reply: Tips1.SettingsViewedAnswer) {
        change(reply.reply) { engine throws(TipsError) in engine.settingsViewed() }
    }

    public func updateDaysUsingApp(days: UInt32, reply: Tips1.UpdateDaysUsingAppAnswer) {
        change(reply.reply) { engine throws(TipsError) in try engine.updateDaysUsingApp(Int(days)) }
    }

    public func updateStreak(days: UInt32, reply: Tips1.UpdateStreakAnswer) {
        change(reply.reply) { engine throws(TipsError) in try engine.updateStreak(Int(days)) }
    }

    // MARK: - Reading and presenting

    public func getTips(ids: [String], options: Tips1.GetTipsOptions) throws(DBusMethodError)
        -> Tips1.GetTipsPrepared
    {
        try tipsReply(ids, location: options.location ?? "", languages: Self.languages(options.languages))
    }

    public func presentTip(id: String, options: Tips1.PresentOptions, reply: Tips1.PresentTipAnswer) {
        let languages = Self.languages(options.languages)
        let record = options.record ?? true
        // Unowned: the object applies its writes and answers them itself, so it outlives every write it holds.
        enqueue(
            Write(caller: reply.sender, reply: reply.reply) { [unowned self] engine throws(TipsError) in
                let id = TipID(rawValue: id)
                let shown = record ? try engine.displayTip(id) : try engine.shouldDisplay(id)
                let snapshot = try engine.snapshot(of: id)
                return Applied { [unowned self] _ in
                    Tips1.PresentTipAnswer.values(shown: shown, tip: self.tip(of: snapshot, languages: languages))
                }
            })
    }

    public func presentNextTip(location: String, options: Tips1.PresentOptions, reply: Tips1.PresentNextTipAnswer) {
        let languages = Self.languages(options.languages)
        let record = options.record ?? true
        enqueue(
            Write(caller: reply.sender, reply: reply.reply) { [unowned self] engine throws(TipsError) in
                let location = try TipLocation.filter(parsing: location)
                let id = record ? engine.displayNextTip(at: location) : engine.nextTip(at: location)
                let snapshot = try id.map { id throws(TipsError) in try engine.snapshot(of: id) }
                return Applied { [unowned self] _ in
                    Tips1.PresentNextTipAnswer.values(
                        shown: snapshot != nil, tip: snapshot.map { self.tip(of: $0, languages: languages) })
                }
            })
    }

    public func invalidateTip(id: String, reason: String, reply: Tips1.InvalidateTipAnswer) {
        change(reply.reply) { engine throws(TipsError) in
            // An unknown tip is the first thing to report, before the reason is even read.
            let tip = try engine.tip(TipID(rawValue: id)).id
            try engine.invalidate(tip, reason: try InvalidationReason(callerReason: reason))
        }
    }

    public func resetAllTips(reply: Tips1.ResetAllTipsAnswer) {
        change(reply.reply) { engine throws(TipsError) in engine.resetAllTips() }
    }

    // MARK: - The user's moods

    public func forgetMoods(reply: Tips1.ForgetMoodsAnswer) {
        enqueue(
            Write(caller: reply.sender, reply: reply.reply) { [weak self] engine throws(TipsError) in
                engine.forgetMoods()
                return Applied(journal: .forget) { forgotten in
                    self?.log(
                        "Forgot \(forgotten) mood\(forgotten == 1 ? "" : "s") and the counts made from them, as the user asked"
                    )
                    return Tips1.ForgetMoodsAnswer.values(forgotten: UInt32(clamping: forgotten))
                }
            })
    }

    // MARK: - Properties

    public var moodLogCount: UInt32 { UInt32(clamping: parameterValues.moodLogCount) }
    public var hasLoggedMoods: UInt32 { UInt32(clamping: parameterValues.hasLoggedMoods) }
    public var hasSeenSettings: Bool { parameterValues.hasSeenSettings }
    public var daysUsingApp: UInt32 { UInt32(clamping: parameterValues.daysUsingApp) }
    public var currentStreak: UInt32 { UInt32(clamping: parameterValues.currentStreak) }
    public var displayFrequency: String { durable.displayFrequency.description }
    public var nextDisplayTime: Int64 { durable.nextDisplayTime?.microsecondsSinceEpoch ?? 0 }
    public var timeZone: String { durable.timeZone.identifier }
    public var version: UInt32 { 1 }
    public var serviceVersion: String { FeelsTipsVersion.current }
    public var datastore: String { writer.path }

    /// The parameters' values now: those an announcement found once for all its properties, while it reads them.
    private var parameterValues: ParameterValues {
        parametersAnnounced ?? durable.parameterValues
    }

    // MARK: - Helpers

    /// A write that answers with no values.
    func change(_ reply: DBusDeferredReply, _ request: @escaping (inout TipsEngine) throws(TipsError) -> Void) {
        enqueue(
            Write(caller: reply.sender, reply: reply) { engine throws(TipsError) in
                try request(&engine)
                return Applied()
            })
    }

    /// The languages an option names, the names that name none left out.
    static func languages(_ names: [String]?) -> [LanguageName] {
        (names ?? []).prefix(16).compactMap(LanguageName.init)
    }
}

/// `org.feels.Tips1.Testing`: TipKit's testing switches, served only with `--testing`.
extension TipsObject: Tips1TestingServing {
    public func showAllTips(reply: Tips1Testing.ShowAllTipsAnswer) {
        setSwitch(.showAll, reply: reply.reply)
    }

    public func showTips(ids: [String], reply: Tips1Testing.ShowTipsAnswer) {
        change(reply.reply) { [weak self] engine throws(TipsError) in
            engine.testingOverride = .show(
                Set(try ids.map { id throws(TipsError) in try engine.tip(TipID(rawValue: id)).id }))
            self?.log("Testing switch set to show-some")
        }
    }

    public func hideAllTips(reply: Tips1Testing.HideAllTipsAnswer) {
        setSwitch(.hideAll, reply: reply.reply)
    }

    public func clearSwitches(reply: Tips1Testing.ClearSwitchesAnswer) {
        setSwitch(.none, reply: reply.reply)
    }

    public func setDisplayFrequency(frequency: String, reply: Tips1Testing.SetDisplayFrequencyAnswer) {
        change(reply.reply) { [weak self] engine throws(TipsError) in
            engine.displayFrequency = try DisplayFrequency(parsing: frequency)
            self?.log("Display frequency set to \(engine.displayFrequency) for this session")
        }
    }

    public var activeSwitch: String { durable.testingOverride.name }

    private func setSwitch(_ testingOverride: TestingOverride, reply: DBusDeferredReply) {
        change(reply) { [weak self] engine throws(TipsError) in
            engine.testingOverride = testingOverride
            self?.log("Testing switch \(testingOverride.name.isEmpty ? "cleared" : "set to \(testingOverride.name)")")
        }
    }
}
