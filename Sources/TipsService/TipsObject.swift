import DBus
import FeelsSystem
import TipsCore
import TipsStore

/// The `/org/feels/Tips` object: it answers requests with the engine, makes every change durable before it answers,
/// and announces what changed.
///
/// Data flows one way: bus → this object → engine (decides) → datastore (remembers, outside the loop) → reply and
/// signals. Reads are answered at once from ``durable``, the engine as it is on disk; writes wait for the next
/// group commit, which makes every write gathered meanwhile durable with one fsync, and are answered, in order, once
/// it is. A write the datastore refuses changes nothing.
public final class TipsObject {
    /// The well-known bus name the service owns.
    public static let busName: BusName = "org.feels.Tips"
    /// The object's path.
    public static let path: ObjectPath = "/org/feels/Tips"

    /// The engine holding exactly what is durable: every read, property and signal comes from it.
    var durable: TipsEngine
    let writer: DatastoreWriter
    /// The loop the object is served from, which runs the datastore's jobs outside it.
    let loop: PollLoop
    let messages: MessageCatalog
    var announced: TipsObservation
    var scheduledWake: Instant?
    weak var connection: DBusConnection?

    /// Writes waiting for the next group commit, in arrival order.
    var waiting: [Write] = []
    /// The writes being made durable, if a commit is in flight.
    var committing: Commit?
    /// Each caller's calls that wait for its earlier writes to be answered, in arrival order.
    var heldBack: [String: [() -> Void]] = [:]
    /// How many of each caller's writes (and journal reads) are not answered yet.
    var unanswered: [String: Int] = [:]
    /// The last dictionary built for each tip in each locale, with the snapshot it shows and the reply marshalled
    /// from it: see TipsObject+TipReplies.
    var dictionaries: [DictionaryKey: PreparedTip] = [:]
    /// The last `ListTips` reply marshalled in each locale, with the snapshots it shows.
    var tipLists: [String: PreparedTipList] = [:]

    /// Where the object reports events worth a log line; the executable decides how to log them.
    public var log: (String) -> Void = { _ in }

    /// Called when the datastore turns out to be damaged (its journal's pages are checked as the service starts);
    /// nothing was written to it, and every write is refused: the executable should report it and exit.
    public var onDatastoreRefused: (DatastoreError) -> Void = { _ in }

    /// Called with the next instant at which something may change with no request (`nil`: none), whenever it
    /// changes; the executable sets an alarm and calls ``timePassed()`` then.
    public var onWakeNeeded: (Instant?) -> Void = { _ in }

    /// Creates the object over an engine restored from the datastore the writer holds.
    ///
    /// - Parameters:
    ///   - engine: The engine, holding the state loaded from the datastore.
    ///   - writer: The datastore, where every change is made durable before it is answered.
    ///   - loop: The loop serving the object: its handlers call the object, and it runs the datastore's jobs outside
    ///     them, so that the bus is served while the disk is waited for.
    ///   - messages: The translations of the tips' words.
    public init(engine: TipsEngine, writer: DatastoreWriter, loop: PollLoop, messages: MessageCatalog) {
        self.durable = engine
        self.writer = writer
        self.loop = loop
        self.messages = messages
        self.announced = engine.observation()
    }

    /// Exports the object on `connection`; call before requesting the bus name, so no caller finds the name
    /// without the object.
    public func export(on connection: DBusConnection) throws(DBusError) {
        self.connection = connection
        connection.callGate = { [weak self] message, serve in
            self?.holdBack(message, serve) ?? false
        }
        try connection.export(DBusObject(path: Self.path, interfaces: [TipsInterface.definition(serving: self)]))
        // The journal's pages are checked outside the loop before anything else reaches the disk, so a start does
        // not grow with the journal; reads are answered meanwhile from the rows already checked.
        submit(.verifyJournalPages) { [weak self] result in
            if case .failed(let error) = result {
                self?.onDatastoreRefused(error)
            }
        }
        scheduleWake()
    }

    /// Re-evaluates everything time decides (statuses, streak, days of use, the display window), announces exactly
    /// what changed and schedules the next wake-up.
    ///
    /// Call it when the alarm set through ``onWakeNeeded`` fires, when the wall clock was set or the machine resumed,
    /// and when the time zone changed. A display window that opened in the future (the clock was set back) is
    /// brought back to now and stored, so it never holds new tips back for longer than its length.
    public func timePassed() {
        // An alarm that called us has fired and is gone: arm the next one even if its instant looks unchanged.
        scheduledWake = nil
        var probe = durable
        if probe.followClock() {
            enqueue(Write(caller: nil, reply: nil) { _ in Applied() })
        } else {
            announceChanges()
        }
    }

    // MARK: - Writes

    func logMood(_ text: String, reply: DBusDeferredReply) {
        enqueue(
            Write(caller: reply.sender, reply: reply) { engine throws(TipsError) in
                let entry = engine.logMood(try Mood(parsing: text))
                let count = UInt32(clamping: engine.parameterValues.moodLogCount)
                return Applied(journal: .append(entry)) { _ in [.uint32(count)] }
            })
    }

    func settingsViewed(reply: DBusDeferredReply) {
        change(reply) { engine throws(TipsError) in engine.settingsViewed() }
    }

    func updateDaysUsingApp(_ days: UInt32, reply: DBusDeferredReply) {
        change(reply) { engine throws(TipsError) in try engine.updateDaysUsingApp(Int(days)) }
    }

    func updateStreak(_ days: UInt32, reply: DBusDeferredReply) {
        change(reply) { engine throws(TipsError) in try engine.updateStreak(Int(days)) }
    }

    func displayTip(_ id: String, reply: DBusDeferredReply) {
        enqueue(
            Write(caller: reply.sender, reply: reply) { engine throws(TipsError) in
                let shown = try engine.displayTip(TipID(rawValue: id))
                return Applied { _ in [.boolean(shown)] }
            })
    }

    func displayNextTip(_ location: String, reply: DBusDeferredReply) {
        enqueue(
            Write(caller: reply.sender, reply: reply) { engine throws(TipsError) in
                let id = engine.displayNextTip(at: try TipLocation.filter(parsing: location))
                return Applied { _ in [.string(id?.rawValue ?? "")] }
            })
    }

    func invalidateTip(_ id: String, reason text: String, reply: DBusDeferredReply) {
        change(reply) { engine throws(TipsError) in
            // An unknown tip is the first thing to report, before the reason is even read.
            let tip = try engine.tip(TipID(rawValue: id)).id
            try engine.invalidate(tip, reason: try InvalidationReason(callerReason: text))
        }
    }

    func resetAllTips(reply: DBusDeferredReply) {
        change(reply) { engine throws(TipsError) in engine.resetAllTips() }
    }

    func forgetMoods(reply: DBusDeferredReply) {
        enqueue(
            Write(caller: reply.sender, reply: reply) { [weak self] engine throws(TipsError) in
                engine.forgetMoods()
                return Applied(journal: .forget) { forgotten in
                    self?.log(
                        "Forgot \(forgotten) mood\(forgotten == 1 ? "" : "s") and the counts made from them, as the user asked"
                    )
                    return [.uint32(UInt32(clamping: forgotten))]
                }
            })
    }

    func setTestingOverride(_ testingOverride: TestingOverride, reply: DBusDeferredReply) {
        change(reply) { [weak self] engine throws(TipsError) in
            engine.testingOverride = testingOverride
            self?.log("Testing override \(testingOverride.name.isEmpty ? "cleared" : "set to \(testingOverride.name)")")
        }
    }

    func showTipsForTesting(_ ids: [String], reply: DBusDeferredReply) {
        change(reply) { [weak self] engine throws(TipsError) in
            engine.testingOverride = .show(
                Set(try ids.map { id throws(TipsError) in try engine.tip(TipID(rawValue: id)).id }))
            self?.log("Testing override set to show-some")
        }
    }

    func setDisplayFrequency(_ text: String, reply: DBusDeferredReply) {
        change(reply) { [weak self] engine throws(TipsError) in
            engine.displayFrequency = try DisplayFrequency(parsing: text)
            self?.log("Display frequency set to \(engine.displayFrequency) for this session")
        }
    }

    /// A write that answers with no values.
    private func change(_ reply: DBusDeferredReply, _ request: @escaping (inout TipsEngine) throws(TipsError) -> Void) {
        enqueue(
            Write(caller: reply.sender, reply: reply) { engine throws(TipsError) in
                try request(&engine)
                return Applied()
            })
    }

    // MARK: - Reads, answered from what is durable

    func eligibleTips(_ location: String) throws(DBusMethodError) -> [String] {
        try read { engine throws(TipsError) in
            engine.eligibleTips(at: try TipLocation.filter(parsing: location)).map(\.rawValue)
        }
    }

    func shouldDisplayTip(_ id: String) throws(DBusMethodError) -> Bool {
        try read { engine throws(TipsError) in try engine.shouldDisplay(TipID(rawValue: id)) }
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

    /// The journal is read outside the loop, after every commit submitted before, and answered in the caller's order
    /// like a write.
    func exportMoods(reply: DBusDeferredReply) {
        let caller = reply.sender
        unanswered[caller, default: 0] += 1
        submit(.readJournal) { [weak self] result in
            switch result {
            case .journal(let entries):
                reply.succeed([.array(TipDictionary.moodSignature, entries.map(TipDictionary.value(of:)))])
            case .failed(let error):
                self?.log("Failed to read the mood journal: \(error)")
                reply.fail(TipsServiceError.reply(for: error))
            case .saved, .verified:
                reply.fail(.failed("The datastore answered a journal read with a save"))
            }
            self?.answered(caller)
        }
    }

    // MARK: - Properties

    var parameterValues: ParameterValues { durable.parameterValues }
    var displayFrequency: DisplayFrequency { durable.displayFrequency }
    var nextDisplayTime: Instant? { durable.nextDisplayTime }
    var testingOverride: TestingOverride { durable.testingOverride }
    var datastorePath: String { writer.path }
    var timeZone: String { durable.timeZone.identifier }

    /// The tip's words in `locale` (the service's own when empty); the seed's English when no translation exists,
    /// and the service's locale when `locale` is not installed here.
    func words(of tip: Tip, locale: String) -> TipWords {
        if !locale.isEmpty, let title = messages.translate(tip.title, locale: locale),
            let message = messages.translate(tip.message, locale: locale)
        {
            return TipWords(title: title, message: message, locale: locale)
        }
        return TipWords(
            title: messages.translate(tip.title), message: messages.translate(tip.message),
            locale: messages.processLocale)
    }

    /// Answers a request that changes nothing from what is durable, with the engine's refusal as a named D-Bus error.
    func read<Result>(_ request: (TipsEngine) throws(TipsError) -> Result) throws(DBusMethodError) -> Result {
        do { return try request(durable) } catch { throw TipsServiceError.reply(for: error) }
    }
}
