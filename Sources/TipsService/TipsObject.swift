import DBus
import Foundation
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
    private var announced: TipsObservation
    private var scheduledWake: Date?
    private weak var connection: DBusConnection?

    /// Where the object reports events worth a log line; the executable decides how to log them.
    public var log: (String) -> Void = { _ in }

    /// Called with the next instant at which something may change with no request (`nil`: none), whenever it
    /// changes; the executable sets an alarm and calls ``timePassed()`` then.
    public var onWakeNeeded: (Date?) -> Void = { _ in }

    /// Creates the object over an engine restored from `datastore`.
    public init(engine: TipsEngine, datastore: TipsDatastore) {
        self.engine = engine
        self.datastore = datastore
        self.announced = engine.observation()
    }

    /// Exports the object on `connection`; call before requesting the bus name, so no caller finds the name
    /// without the object.
    public func export(on connection: DBusConnection) throws(DBusError) {
        self.connection = connection
        try connection.export(DBusObject(path: Self.path, interfaces: [TipsInterface.definition(serving: self)]))
        scheduleWake()
    }

    /// Announces what time changed (a day of use completed, a streak broken, the display window closed) and
    /// schedules the next wake-up.
    public func timePassed() {
        // The alarm that called us has fired and is gone: arm the next one even if its instant looks unchanged.
        scheduledWake = nil
        announceChanges()
    }

    // MARK: - Requests

    func logMood(_ text: String) throws(DBusMethodError) -> UInt32 {
        try apply({ engine throws(TipsError) in engine.logMood(try Mood(parsing: text)) }, journal: { $0 })
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

    func listTips() -> [DBusValue] {
        engine.snapshots().map(TipDictionary.value(of:))
    }

    func tip(_ id: String) throws(DBusMethodError) -> DBusValue {
        try read { engine throws(TipsError) in TipDictionary.value(of: try engine.snapshot(of: TipID(rawValue: id))) }
    }

    func eligibleTips(_ location: String) throws(DBusMethodError) -> [String] {
        try read { engine throws(TipsError) in
            engine.eligibleTips(at: try TipLocation.filter(parsing: location)).map(\.rawValue)
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

    // MARK: - Properties

    var parameterValues: ParameterValues { engine.parameterValues }
    var displayFrequency: DisplayFrequency { engine.displayFrequency }
    var nextDisplayTime: Date? { engine.nextDisplayTime }

    // MARK: - Reading and applying changes

    /// Answers a request that changes nothing, with the engine's refusal as a named D-Bus error.
    private func read<Result>(_ request: (TipsEngine) throws(TipsError) -> Result) throws(DBusMethodError) -> Result {
        do { return try request(engine) } catch { throw TipsServiceError.reply(for: error) }
    }

    /// Runs `request` on a copy of the engine, stores the copy's state (and the journal entry `journal` picks from
    /// the result) in one transaction, adopts the copy, then announces what changed.
    @discardableResult
    private func apply<Result>(
        _ request: (inout TipsEngine) throws(TipsError) -> Result,
        journal: (Result) -> MoodEntry? = { _ in nil }
    ) throws(DBusMethodError) -> Result {
        var candidate = engine
        let result: Result
        do { result = try request(&candidate) } catch { throw TipsServiceError.reply(for: error) }
        let entry = journal(result)
        if candidate.state != engine.state || entry != nil {
            do { try datastore.save(candidate.state, appending: entry) } catch {
                log("Failed to save to datastore '\(datastore.path)': \(error)")
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
