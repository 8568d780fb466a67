import DBus
import EventLoop
import FeelsSystem
import TipsCore
import TipsInterface
import TipsStore

/// The `/org/feels/Tips` object: it answers requests with the engine, makes every change durable before it answers,
/// and announces what changed.
///
/// Data flows one way: bus → this object → engine (decides) → datastore (remembers, outside the loop) → reply and
/// signals. Reads are answered at once from ``durable``, the engine as it is on disk; writes wait for the next
/// group commit, which makes every write gathered meanwhile durable with one fsync, and are answered, in order, once
/// it is. A write the datastore refuses changes nothing.
public final class TipsObject {
    /// The introspection document of the interfaces the contract declares: what `feels-tipsd --introspect` prints.
    public static var introspectionXML: String {
        DBusIntrospection.document(interfaces: [Tips1.introspection, Tips1Testing.introspection])
    }

    /// The engine holding exactly what is durable: every read, property and signal comes from it.
    var durable: TipsEngine {
        didSet { durableGeneration &+= 1 }
    }
    /// Counts the changes of ``durable`` and of what time does to it (``timePassed()``): a reply kept in one generation
    /// shows the engine as it is for as long as the generation lasts, up to its next time-driven change
    /// (``snapshotsHold(at:)``).
    var durableGeneration: UInt64 = 0
    /// The next time-driven change of ``durable`` in one generation, once asked for.
    var snapshotsHoldUntil: (generation: UInt64, until: Instant?)?
    let writer: DatastoreWriter
    /// The loop the object is served from, which runs the datastore's jobs outside it.
    let loop: PollLoop
    let translations: Translations
    /// The service's own languages, from its environment: the words of a call that names none.
    let defaultLanguages: [LanguageName]
    var announced: TipsObservation
    var scheduledWake: Instant?
    weak var connection: DBusConnection?

    /// Writes waiting for the next group commit, in arrival order.
    var waiting: [Write] = []
    /// How many callers' writes were refused since the last commit started, because too many were waiting.
    var writesRefusedWhileWaiting = 0
    /// The writes being made durable, if a commit is in flight.
    var committing: Commit?
    /// Whether a commit is to start once the messages being dispatched are (see `enqueue(_:)`).
    var commitScheduled = false
    /// Each caller's calls that wait for its earlier writes to be answered, in arrival order.
    var heldBack: [String: [DBusMessage]] = [:]
    /// How many of each caller's writes (and journal reads) are not answered yet.
    var unanswered: [String: Int] = [:]
    /// The notifiers followed on the bus because they hold, or held, a tip for a notification: when one leaves, its
    /// holds end.
    var followedHolders: Set<String> = []
    /// The last `GetTips` reply of one tip, of every tip and of every tip at one location, marshalled in each list of
    /// languages, with the snapshots it shows: see TipsObject+KeptReplies.
    var keptReplies: [KeptReplyKey: KeptReply] = [:]
    /// The properties last announced.
    var announcedProperties: Tips1.Properties?
    /// The parameters' values while an announcement reads every property, found once: each of the five properties
    /// made the engine work out all five (some 1,000 instructions, an engine copied), as of the same instant.
    var parametersAnnounced: ParameterValues?
    /// Whether the testing switches' interface is served (`--testing`).
    let servesTesting: Bool

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
    ///   - translations: The translations of the tips' words.
    ///   - languages: The service's own languages, for a call that names none.
    ///   - testing: Whether to serve the testing switches (`org.feels.Tips1.Testing`).
    public init(
        engine: TipsEngine, writer: DatastoreWriter, loop: PollLoop, translations: Translations,
        languages: [LanguageName], testing: Bool = false
    ) {
        self.durable = engine
        self.writer = writer
        self.loop = loop
        self.translations = translations
        self.defaultLanguages = languages
        self.servesTesting = testing
        self.announced = engine.observation()
    }

    /// Exports the object on `connection`; call before requesting the bus name, so no caller finds the name
    /// without the object.
    public func export(on connection: DBusConnection) throws(DBusError) {
        self.connection = connection
        connection.callGate = { [weak self] message in
            self?.holdBack(message) ?? false
        }
        connection.onSignal = { [weak self] message in self?.received(message) }
        let interfaces =
            [Tips1.definition(serving: self)] + (servesTesting ? [Tips1Testing.definition(serving: self)] : [])
        try connection.export(interfaces, at: Tips1.objectPath)
        announcedProperties = Tips1.properties(of: self)
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
        // The day, the time zone or the display window may have changed under every reply kept.
        durableGeneration &+= 1
        var probe = durable
        if probe.followClock() {
            enqueue(Write(caller: nil, reply: nil) { _ in Applied() })
        } else {
            announceChanges()
        }
    }

    /// Tells the datastore that its path may name another file, or none (the service follows it with inotify): the
    /// next save looks, and writes the file again from the open copy when it was deleted, or leaves a file put in its
    /// place alone and refuses writes. Noted in order with the saves, so every save handed in after this looks.
    public func datastorePathChanged() {
        submit(.notePathChanged)
    }

    // MARK: - Reads, answered from what is durable

    /// The tip's words in the first of `languages` with a catalog (the service's own languages when none is given);
    /// the seed's English when none has one.
    func words(of tip: Tip, languages: [LanguageName]) -> TipWords {
        let (words, language) = translations.translate(
            [tip.title, tip.message, tip.notificationTitle, tip.notificationBody],
            languages: languages.isEmpty ? defaultLanguages : languages)
        return TipWords(
            title: words[0], message: words[1], notificationTitle: words[2], notificationBody: words[3],
            language: language)
    }

    /// The journal is read outside the loop, after every commit submitted before, and answered in the caller's order
    /// like a write.
    public func exportMoods(reply answer: Tips1.ExportMoodsAnswer) {
        let caller = answer.sender
        unanswered[caller, default: 0] += 1
        submit(.readJournal) { [weak self] result in
            switch result {
            case .journal(let entries):
                answer.succeed(moods: .array(TipDictionary.moodSignature, entries.map(TipDictionary.value(of:))))
            case .failed(let error):
                self?.log("Failed to read the mood journal: \(error)")
                answer.fail(TipsServiceError.reply(for: error))
            case .saved, .done:
                answer.fail(.failed("The datastore answered a journal read with another job's result"))
            }
            self?.answered(caller)
        }
    }

    /// Answers a request that changes nothing from what is durable, with the engine's refusal as a named D-Bus error.
    func read<Result>(_ request: (TipsEngine) throws(TipsError) -> Result) throws(DBusMethodError) -> Result {
        do { return try request(durable) } catch { throw TipsServiceError.reply(for: error) }
    }
}
