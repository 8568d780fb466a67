/// Small replies kept once marshalled, by their values: the same answer again (an unchanged property, the same list
/// of ids) is a copy of the body libdbus built the first time, which costs a fraction of building it again.
///
/// Only values that compare equal exactly when their wire form is the same are kept: no floating point (0.0 equals
/// -0.0), and strings of ASCII alone (Swift compares strings by canonical equivalence, so a decomposed accent, or
/// the Kelvin sign, equals another spelling with other bytes).
extension DBusConnection {
    /// How many replies are kept; the oldest goes first.
    static let replyMemoCapacity = 64

    /// A reply to `call` with `values`, copied from the body kept for the same values, or marshalled and kept; `nil`
    /// when the values are not of those kept (then marshal them as usual).
    func memoizedReply(to call: DBusMessage, values: [DBusValue]) throws(DBusError) -> DBusMessage? {
        guard !values.isEmpty, Self.isMemoizable(values) else { return nil }
        let key = ReplyMemoKey(values: values)
        if let body = replyMemo[key] {
            return try DBusMessage.methodReturn(replyingTo: call, body: body)
        }
        let body = try DBusReplyBody(values)
        if replyMemoOrder.count >= Self.replyMemoCapacity {
            replyMemo[replyMemoOrder.removeFirst()] = nil
        }
        replyMemo[key] = body
        replyMemoOrder.append(key)
        return try DBusMessage.methodReturn(replyingTo: call, body: body)
    }

    /// Whether `values` are few and small, and free of what Swift's equality conflates.
    private static func isMemoizable(_ values: [DBusValue]) -> Bool {
        var budget = 32
        func fits(_ value: DBusValue) -> Bool {
            budget -= 1
            guard budget >= 0 else { return false }
            switch value {
            case .double: return false
            case .string(let text): return isShortASCII(text)
            case .objectPath(let path): return isShortASCII(path.rawValue)
            case .signature, .byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64: return true
            case .array(_, let elements), .structure(let elements): return elements.allSatisfy(fits)
            case .dictionary(_, _, let entries): return entries.allSatisfy { fits($0.key) && fits($0.value) }
            case .variant(let content): return fits(content)
            }
        }
        return values.allSatisfy(fits)
    }

    private static func isShortASCII(_ text: String) -> Bool {
        text.utf8.count <= 256 && text.utf8.allSatisfy { $0 < 0x80 }
    }
}

/// The values of a kept reply.
struct ReplyMemoKey: Hashable {
    let values: [DBusValue]
}
