import DBus
import TipsInterface

/// Sends the planned messages through one connection, up to `window` calls in flight, reading every reply as it
/// comes and checking it against the routing's rules; keeps the counts the service must end with.
final class FuzzRun {
    let connection: DBusConnection
    let destination: BusName
    let planner: MessagePlanner
    private(set) var tally = FuzzTally()
    /// What `MoodLogCount` must be: the acknowledged `LogMood` calls since the last acknowledged reset or forget.
    private(set) var moodLogCount: Int
    /// How many moods the journal must hold: the acknowledged `LogMood` calls since the last acknowledged forget.
    private(set) var journalLength: Int
    private var inFlight = 0

    /// A run from the counts the service has now.
    init(
        connection: DBusConnection, destination: BusName, planner: MessagePlanner, moodLogCount: Int, journalLength: Int
    ) {
        self.connection = connection
        self.destination = destination
        self.planner = planner
        self.moodLogCount = moodLogCount
        self.journalLength = journalLength
    }

    /// Sends `count` messages, then waits for the replies still due.
    ///
    /// - Parameters:
    ///   - count: How many messages to send; those the binding refuses are counted apart and replaced.
    ///   - window: The most calls waiting for their replies at once.
    ///   - timeout: How long a call may wait for its reply.
    ///   - progress: Called every `progressEvery` messages with the number sent so far.
    /// - Throws: `DBusError.disconnected` when the connection is lost.
    func send(
        count: Int, window: Int, timeout: Duration, progressEvery: Int = 0, progress: (Int) -> Void = { _ in }
    ) throws(DBusError) {
        while tally.sent < count {
            let plan = planner.next()
            let message: DBusMessage
            do {
                message = try plan.message(to: destination)
            } catch {
                tally.refusedByBinding[Self.kind(of: error), default: 0] += 1
                continue
            }
            tally.sent += 1
            if progressEvery > 0, tally.sent % progressEvery == 0 { progress(tally.sent) }
            tally.bytesSent += message.estimatedSize
            tally.largestMessage = max(tally.largestMessage, message.estimatedSize)
            if plan.expectsReply {
                tally.callsExpectingReply += 1
                inFlight += 1
                try connection.send(message, timeout: timeout) { [unowned self] result in
                    inFlight -= 1
                    answered(plan, with: result)
                }
            } else {
                try connection.send(message)
            }
            while inFlight >= window {
                guard connection.readWriteDispatch(timeout: .milliseconds(100)) else { throw .disconnected }
            }
        }
        connection.flush()
        while inFlight > 0 {
            guard connection.readWriteDispatch(timeout: .milliseconds(100)) else { throw .disconnected }
        }
    }

    private func answered(_ plan: PlannedMessage, with result: Result<[DBusValue], DBusError>) {
        let errorName: String?
        var errorMessage = ""
        switch result {
        case .success(let values):
            tally.methodReturns += 1
            errorName = nil
            count(plan, values)
            if let shape = plan.shape {
                tally.returnsChecked += 1
                if let problem = shape.problem(with: values, planner.surface.dictionaries) {
                    tally.misshapen("\(describe(plan)): \(problem)")
                }
            }
        case .failure(.remote(let name, let message)):
            if ["org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Disconnected"].contains(name) {
                tally.missingReplies += 1
            }
            tally.errors[name, default: 0] += 1
            errorName = name
            errorMessage = message
            tally.longestError = max(tally.longestError, message.utf8.count)
            if message.utf8.count > FuzzTally.longestErrorMessage {
                tally.oversized("\(describe(plan)): \(name) with a \(message.utf8.count)-byte message")
            }
        case .failure(let error):
            tally.errors["(unreadable reply)", default: 0] += 1
            tally.mismatch("\(describe(plan)): a reply this binding cannot read: \(error)")
            return
        }
        if !plan.expected.allows(errorName: errorName) {
            let got = errorName.map { "\($0) '\(errorMessage.prefix(120))'" } ?? "a method return"
            tally.mismatch("\(describe(plan)): expected \(plan.expected), got \(got)")
        }
    }

    /// Follows the counts through the acknowledged calls that change them, in the order they are answered, which
    /// is the order they were sent: the service answers one caller's writes in order.
    private func count(_ plan: PlannedMessage, _ values: [DBusValue]) {
        guard plan.interface == nil || plan.interface == Tips1.name.rawValue else { return }
        switch Tips1.Method(rawValue: plan.member) {
        case .logMood?:
            tally.moodsLogged += 1
            moodLogCount += 1
            journalLength += 1
            if values.first?.uint32Value != UInt32(clamping: moodLogCount) {
                tally.mismatch("\(describe(plan)): answered \(values), expected u \(moodLogCount)")
                moodLogCount = Int(values.first?.uint32Value ?? 0)
            }
        case .resetAllTips?:
            moodLogCount = 0
        case .forgetMoods?:
            if values.first?.uint32Value != UInt32(clamping: journalLength) {
                tally.mismatch("\(describe(plan)): answered \(values), expected u \(journalLength) forgotten")
            }
            moodLogCount = 0
            journalLength = 0
        default:
            break
        }
    }

    private func describe(_ plan: PlannedMessage) -> String {
        let signature = plan.arguments.map { $0.signature.rawValue }.joined()
        let shown = signature.count > 40 ? String(signature.prefix(40)) + "…" : signature
        return "\(plan.interface ?? "(no interface)").\(plan.member.prefix(60)) at \(plan.path.prefix(60)) ('\(shown)')"
    }

    /// A refusal's kind, without the values it quotes.
    static func kind(of error: DBusError) -> String {
        switch error {
        case .nestingTooDeep: "containers nested too deep"
        case .messageTooLarge: "message too large"
        case .invalidSignature(_, let reason): "invalid signature: \(reason)"
        case .typeMismatch: "type mismatch"
        case .invalidString: "string with NUL"
        case .invalidObjectPath, .invalidInterfaceName, .invalidMemberName, .invalidBusName, .invalidErrorName:
            "invalid name"
        default: "\(error)"
        }
    }
}
