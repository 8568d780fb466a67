/// The method calls received and not served yet, by caller, served one caller's call at a time in turn: a client that
/// sends thousands of calls at once delays another's call by one of its own, not by thousands.
///
/// libdbus counts a received message against the connection's limit until it is freed, and stops reading past it: the
/// calls waiting here are bounded by that (`dbus_connection_set_max_received_size`), not by a count of our own.
struct WaitingCalls {
    /// Each caller's calls in the order they came, from `start` on.
    private var calls: [String: (list: [DBusMessage], start: Int)] = [:]
    /// The callers with calls waiting, in turn from `turn` on.
    private var callers: [String] = []
    private var turn = 0

    /// Whether no call waits.
    var isEmpty: Bool { turn == callers.count }

    /// Adds a call at the end of its caller's.
    mutating func append(_ call: DBusMessage, from caller: String) {
        if calls[caller] == nil {
            calls[caller] = ([], 0)
            callers.append(caller)
        }
        calls[caller]?.list.append(call)
    }

    /// The next caller's first call, taken off; that caller's turn comes again after every other caller's.
    mutating func next() -> DBusMessage? {
        guard turn < callers.count else { return nil }
        let caller = callers[turn]
        turn += 1
        guard var waiting = calls.removeValue(forKey: caller) else { return nil }
        let call = waiting.list[waiting.start]
        waiting.start += 1
        if waiting.start < waiting.list.count {
            if waiting.start >= 64, waiting.start * 2 >= waiting.list.count {
                waiting.list.removeFirst(waiting.start)
                waiting.start = 0
            }
            calls[caller] = waiting
            callers.append(caller)
        }
        if turn >= 64, turn * 2 >= callers.count {
            callers.removeFirst(turn)
            turn = 0
        }
        return call
    }
}
