import DBus
import TipsInterface

/// Sends the planned messages through one connection, up to `window` calls in flight, reading every reply as it
/// comes: every call asking for a reply must get one, a method return or an error D-Bus or the contract names, with a
/// short message; a method of `org.feels.Tips1` called as declared must answer with its declared outputs or one of
/// its errors. Follows the counts the service must end with.
final class FuzzRun {
    let connection: DBusConnection
    let planner: MessagePlanner
    private(set) var tally = FuzzTally()
    /// What `MoodLogCount` must be: the acknowledged `LogMood` calls since the last acknowledged reset or forget.
    private(set) var moodLogCount: Int
    /// How many moods the journal must hold: the acknowledged `LogMood` calls since the last acknowledged forget.
    private(set) var journalLength: Int
    private var inFlight = 0

    /// What a method of `org.feels.Tips1` called as declared may be refused with: its errors, or `InvalidArgs` (an
    /// option of the wrong type, a value out of range).
    static let contractErrors = Set(Tips1.Error.allCases.map(\.rawValue) + ["org.freedesktop.DBus.Error.InvalidArgs"])
    /// What any other call may be refused with besides: D-Bus's errors for what the routing and the standard
    /// interfaces refuse.
    static let knownErrors = contractErrors.union(
        ["UnknownObject", "UnknownInterface", "UnknownMethod", "UnknownProperty", "PropertyReadOnly"].map {
            "org.freedesktop.DBus.Error." + $0
        })
    /// The errors that say a call went unanswered: it timed out, or the service is not on the bus.
    static let unanswered = Set(
        ["NoReply", "Disconnected", "ServiceUnknown", "NameHasNoOwner", "Timeout"].map {
            "org.freedesktop.DBus.Error." + $0
        })
    /// The longest error message the service may send: it quotes caller text cut to 64 characters.
    static let longestErrorMessage = 1024

    init(connection: DBusConnection, planner: MessagePlanner, moodLogCount: Int, journalLength: Int) {
        self.connection = connection
        self.planner = planner
        self.moodLogCount = moodLogCount
        self.journalLength = journalLength
    }

    /// Sends `count` messages, then waits for the replies still due.
    ///
    /// - Parameters:
    ///   - count: How many messages to send; those the binding refuses are counted apart and replaced.
    ///   - window: The most calls waiting for their replies at once (the bus allows 128 by default).
    ///   - progress: Called every `progressEvery` messages with the number sent so far.
    /// - Throws: `DBusError.disconnected` when the connection is lost.
    func send(count: Int, window: Int = 16, progressEvery: Int = 0, progress: (Int) -> Void) throws(DBusError) {
        while tally.sent < count {
            let plan = planner.next()
            let message: DBusMessage
            do {
                message = try plan.message(to: Tips1.busName)
            } catch {
                tally.refusedByBinding[Self.kind(of: error), default: 0] += 1
                continue
            }
            tally.sent += 1
            if progressEvery > 0, tally.sent % progressEvery == 0 { progress(tally.sent) }
            if plan.expectsReply {
                tally.callsExpectingReply += 1
                inFlight += 1
                try connection.send(message, timeout: .seconds(120)) { [unowned self] result in
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
        switch result {
        case .success(let values):
            tally.methodReturns += 1
            count(plan, values)
            let signature = values.map(\.signature.rawValue).joined()
            if let declared = plan.declaredOutputs, signature != declared {
                tally.wrong("\(plan.description): returned '\(signature)', the contract declares '\(declared)'")
            }
        case .failure(.remote(let name, let message)):
            tally.errors[name, default: 0] += 1
            tally.longestError = max(tally.longestError, message.utf8.count)
            if Self.unanswered.contains(name) {
                tally.missingReplies += 1
            } else if message.utf8.count > Self.longestErrorMessage {
                tally.wrong("\(plan.description): \(name) with a \(message.utf8.count)-byte message")
            } else if !(plan.declaredOutputs == nil ? Self.knownErrors : Self.contractErrors).contains(name)
                // Peer.GetMachineId reads /etc/machine-id, which a container may lack.
                && plan.member != "GetMachineId"
            {
                tally.wrong("\(plan.description): \(name) '\(message.prefix(120))'")
            }
        case .failure(let error):
            tally.errors["(unreadable reply)", default: 0] += 1
            tally.wrong("\(plan.description): a reply this binding cannot read: \(error)")
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
                tally.wrong("\(plan.description): answered \(values), expected u \(moodLogCount)")
                moodLogCount = Int(values.first?.uint32Value ?? 0)
            }
        case .resetAllTips?:
            moodLogCount = 0
        case .forgetMoods?:
            if values.first?.uint32Value != UInt32(clamping: journalLength) {
                tally.wrong("\(plan.description): answered \(values), expected u \(journalLength) forgotten")
            }
            moodLogCount = 0
            journalLength = 0
        default:
            break
        }
    }

    /// A refusal's kind, without the values it quotes.
    static func kind(of error: DBusError) -> String {
        switch error {
        case .nestingTooDeep: "containers nested too deep"
        case .messageTooLarge: "message too large"
        case .invalidSignature(_, let reason): "invalid signature: \(reason)"
        case .invalidString: "string with NUL"
        case .invalidObjectPath, .invalidInterfaceName, .invalidMemberName: "invalid name"
        default: "\(error)"
        }
    }
}
