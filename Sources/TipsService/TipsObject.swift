import DBus
import FeelsSystem
import TipsCore
import TipsStore

/// The `/org/feels/Tips` object: it answers requests with the engine, keeps every change in the datastore
/// before it answers, and announces what changed.
///
/// Data flows one way: bus → this object → engine (decides) → datastore (remembers) → reply and signals.
/// Each request runs on a copy of the engine; the copy is adopted only once the datastore has taken it,
/// so a request the datastore refuses changes nothing.
public final class TipsObject {
    /// The well-known bus name the service owns.
    public static let busName: BusName = "org.feels.Tips"
    /// The object's path.
    public static let path: ObjectPath = "/org/feels/Tips"

    private var engine: TipsEngine
    private let datastore: TipsDatastore
    private let messages: MessageCatalog
    private var announced: TipsObservation
    private var scheduledWake: Instant?
    private weak var connection: DBusConnection?

    /// Where the object reports events worth a log line; the executable decides how to log them.
    public var log: (String) -> Void = { _ in }

    /// Called with the next instant at which something may change with no request (`nil`: none), whenever it
    /// changes; the executable sets an alarm and calls ``timePassed()`` then.
    public var onWakeNeeded: (Instant?) -> Void = { _ in }

    /// Creates the object over an engine restored from `datastore`.
    ///
    /// - Parameters:
    ///   - engine: The engine, holding the state loaded from `datastore`.
    ///   - datastore: Where every change is kept before it is answered.
    ///   - messages: The translations of the tips' words.
    public init(engine: TipsEngine, datastore: TipsDatastore, messages: MessageCatalog) {
        self.engine = engine
        self.datastore = datastore
        self.messages = messages
        self.announced = engine.observation()
    }

    /// Exports the object on `connection`; call before requesting the bus name, so no caller finds the name
    /// without the object.
    public func export(on connection: DBusConnection) throws(DBusError) {
        self.connection = connection
        try connection.export(DBusObject(path: Self.path, interfaces: [TipsInterface.definition(serving: self)]))
        scheduleWake()
    }

    /// Re-evaluates everything time decides (statuses, streak, days of use, the display window), announces exactly
    /// what changed and schedules the next wake-up.
    ///
    /// Call it when the alarm set through ``onWakeNeeded`` fires, when the wall clock was set or the machine resumed,
    /// and when the time zone changed. A display window that opened in the future (the clock was set back) is
    /// brought back to now, so it never holds new tips back for longer than its length.
    public func timePassed() {
        // An alarm that called us has fired and is gone: arm the next one even if its instant looks unchanged.
        scheduledWake = nil
        var candidate = engine
        if candidate.followClock() {
            do { try datastore.save(candidate.state) } catch {
                log("Failed to save after the clock was set back: \(error)")
                announceChanges()
                return
            }
            engine = candidate
        }
        announceChanges()
    }

    // MARK: - Requests

    func logMood(_ text: String) throws(DBusMethodError) -> UInt32 {
        try apply({ engine throws(TipsError) in engine.logMood(try Mood(parsing: text)) }, journal: { .append($0) })
        return UInt32(clamping: engine.parameterValues.moodLogCount)
    }

    func settingsViewed() throws(DBusMethodError) {
        try apply { engine in engine.settingsViewed() }
    }

    func updateDaysUsingApp(_ days: UInt32) throws(DBusMethodError) {
        try apply { engine throws(TipsError) in try engine.updateDaysUsingApp(Int(days)) }
    }

    func updateStreak(_ days: UInt32) throws(DBusMethodError) {
        try apply { engine throws(TipsError) in try engine.updateStreak(Int(days)) }
    }

    func listTips(locale: String = "") -> [DBusValue] {
        engine.snapshots().map { TipDictionary.value(of: $0, words: words(of: $0.tip, locale: locale)) }
    }

    func tip(_ id: String, locale: String = "") throws(DBusMethodError) -> DBusValue {
        try read { engine throws(TipsError) in
            let snapshot = try engine.snapshot(of: TipID(rawValue: id))
            return TipDictionary.value(of: snapshot, words: words(of: snapshot.tip, locale: locale))
        }
    }

    func eligibleTips(_ location: String) throws(DBusMethodError) -> [String] {
        try read { engine throws(TipsError) in
            engine.eligibleTips(at: try TipLocation.filter(parsing: location)).map(\.rawValue)
        }
    }

    func shouldDisplayTip(_ id: String) throws(DBusMethodError) -> Bool {
        try read { engine throws(TipsError) in try engine.shouldDisplay(TipID(rawValue: id)) }
    }

    func displayTip(_ id: String) throws(DBusMethodError) -> Bool {
        try apply { engine throws(TipsError) in try engine.displayTip(TipID(rawValue: id)) }
    }

    func nextNewTip(_ location: String) throws(DBusMethodError) -> String {
        try read { engine throws(TipsError) in
            engine.nextNewTip(at: try TipLocation.filter(parsing: location))?.rawValue ?? ""
        }
    }

    func peekNextTip(_ location: String) throws(DBusMethodError) -> String {
        try read { engine throws(TipsError) in
            engine.nextTip(at: try TipLocation.filter(parsing: location))?.rawValue ?? ""
        }
    }

    func displayNextTip(_ location: String) throws(DBusMethodError) -> String {
        try apply { engine throws(TipsError) in
            engine.displayNextTip(at: try TipLocation.filter(parsing: location))
        }?.rawValue ?? ""
    }

    func invalidateTip(_ id: String, reason text: String) throws(DBusMethodError) {
        try apply { engine throws(TipsError) in
            // An unknown tip is the first thing to report, before the reason is even read.
            let tip = try engine.tip(TipID(rawValue: id)).id
            try engine.invalidate(tip, reason: try InvalidationReason(callerReason: text))
        }
    }

    func resetAllTips() throws(DBusMethodError) {
        try apply { engine in engine.resetAllTips() }
    }

    func exportMoods() throws(DBusMethodError) -> [DBusValue] {
        do { return try datastore.moodJournal().map(TipDictionary.value(of:)) } catch {
            log("Failed to read the mood journal: \(error)")
            throw TipsServiceError.reply(for: error)
        }
    }

    func forgetMoods() throws(DBusMethodError) -> UInt32 {
        let count: Int
        do { count = try datastore.moodCount() } catch { throw TipsServiceError.reply(for: error) }
        try apply({ engine in engine.forgetMoods() }, journal: { _ in .forget })
        log("Forgot \(count) mood\(count == 1 ? "" : "s") and the counts made from them, as the user asked")
        return UInt32(clamping: count)
    }

    func setTestingOverride(_ testingOverride: TestingOverride) throws(DBusMethodError) {
        try apply { engine in engine.testingOverride = testingOverride }
        log("Testing override \(testingOverride.name.isEmpty ? "cleared" : "set to \(testingOverride.name)")")
    }

    func showTipsForTesting(_ ids: [String]) throws(DBusMethodError) {
        let tips = try read { engine throws(TipsError) in
            try ids.map { id throws(TipsError) in try engine.tip(TipID(rawValue: id)).id }
        }
        try setTestingOverride(.show(Set(tips)))
    }

    func setDisplayFrequency(_ text: String) throws(DBusMethodError) {
        try apply { engine throws(TipsError) in engine.displayFrequency = try DisplayFrequency(parsing: text) }
        log("Display frequency set to \(engine.displayFrequency) for this session")
    }

    // MARK: - Properties

    var parameterValues: ParameterValues { engine.parameterValues }
    var displayFrequency: DisplayFrequency { engine.displayFrequency }
    var nextDisplayTime: Instant? { engine.nextDisplayTime }
    var testingOverride: TestingOverride { engine.testingOverride }
    var datastorePath: String { datastore.path }
    var timeZone: String { engine.timeZone.identifier }

    // MARK: - Reading and applying changes

    /// The tip's words in `locale` (the service's own when empty); the seed's English when no translation exists,
    /// and the service's locale when `locale` is not installed here.
    private func words(of tip: Tip, locale: String) -> TipWords {
        if !locale.isEmpty, let title = messages.translate(tip.title, locale: locale),
            let message = messages.translate(tip.message, locale: locale)
        {
            return TipWords(title: title, message: message, locale: locale)
        }
        return TipWords(
            title: messages.translate(tip.title), message: messages.translate(tip.message),
            locale: messages.processLocale)
    }

    /// Answers a request that changes nothing, with the engine's refusal as a named D-Bus error.
    private func read<Result>(_ request: (TipsEngine) throws(TipsError) -> Result) throws(DBusMethodError) -> Result {
        do { return try request(engine) } catch { throw TipsServiceError.reply(for: error) }
    }

    /// Runs `request` on a copy of the engine, stores the copy's state (with the journal change `journal` picks from
    /// the result) in one transaction, adopts the copy, then announces what changed.
    @discardableResult
    private func apply<Result>(
        _ request: (inout TipsEngine) throws(TipsError) -> Result,
        journal: (Result) -> JournalChange? = { _ in nil }
    ) throws(DBusMethodError) -> Result {
        var candidate = engine
        candidate.followClock()
        let result: Result
        do { result = try request(&candidate) } catch { throw TipsServiceError.reply(for: error) }
        let change = journal(result)
        if candidate.state != engine.state || change != nil {
            do { try datastore.save(candidate.state, journal: change) } catch {
                log("Failed to save: \(error)")
                throw TipsServiceError.reply(for: error)
            }
        }
        engine = candidate
        announceChanges()
        return result
    }

    private func announceChanges() {
        let observation = engine.observation()
        let changes = observation.changes(since: announced)
        announced = observation
        if !changes.isEmpty, let connection {
            emit(changes, of: observation, on: connection)
        }
        scheduleWake()
    }

    private func emit(_ changes: ObservationChanges, of observation: TipsObservation, on connection: DBusConnection) {
        var properties = changes.parameters.map { parameter in
            (TipsInterface.propertyName(of: parameter), TipDictionary.value(of: observation.values[parameter]))
        }
        if changes.nextDisplayTimeChanged {
            properties.append(
                (TipsInterface.nextDisplayTime, .int64(observation.nextDisplayTime?.microsecondsSinceEpoch ?? 0)))
        }
        if changes.displayFrequencyChanged {
            properties.append((TipsInterface.displayFrequency, .string(observation.displayFrequency.description)))
        }
        if changes.testingOverrideChanged {
            properties.append((TipsInterface.testingOverride, .string(observation.testingOverride.name)))
        }
        if changes.timeZoneChanged {
            properties.append((TipsInterface.timeZone, .string(observation.timeZone)))
        }
        do {
            if !properties.isEmpty {
                try connection.emitPropertiesChanged(
                    path: Self.path, interface: TipsInterface.name, changed: properties, invalidated: [])
            }
            for (id, status) in changes.statuses {
                try connection.emitSignal(
                    path: Self.path, interface: TipsInterface.name, member: TipsInterface.tipStatusChanged,
                    arguments: [.string(id.rawValue), .string(status.name)])
            }
            for change in changes.tips {
                try connection.emitSignal(
                    path: Self.path, interface: TipsInterface.name, member: TipsInterface.tipChanged,
                    arguments: [.string(change.tip.id.rawValue), TipDictionary.changes(of: change)])
            }
        } catch {
            log("Failed to announce a change: \(error), ignoring")
        }
    }

    private func scheduleWake() {
        let next = engine.nextTimeDrivenChange()
        if next != scheduledWake {
            scheduledWake = next
            onWakeNeeded(next)
        }
    }
}
