/// The answer to a method call: sent once, with values or an error, from the connection's thread, at once or later
/// (every method's handler answers through one).
///
/// A reply released without being sent answers the caller with `org.freedesktop.DBus.Error.Failed`, so no caller
/// waits for its timeout because a handler forgot it.
public final class DBusDeferredReply {
    private let call: DBusMessage
    private weak var connection: DBusConnection?
    /// The signature the method declares for its outputs; `nil` for a standard method the connection answers.
    private let declared: String?
    private var sent = false

    init(call: DBusMessage, declared: String?, connection: DBusConnection) {
        self.call = call
        self.connection = connection
        self.declared = declared
    }

    /// The method's name, for messages.
    private var method: String { call.member?.rawValue ?? "" }

    deinit {
        if !sent {
            fail(.failed("Method '\(method)' was dropped without an answer"))
        }
    }

    /// The caller's unique bus name.
    public var sender: String { call.sender ?? "" }

    /// Answers with `values`, which must match the method's declared outputs (otherwise the caller gets `Failed`).
    public func succeed(_ values: [DBusValue]) {
        // The reply's signature, made as its body is written, is the one checked: not made a second time for it.
        send { () throws(DBusMethodError) in
            let reply = try Self.building { () throws(DBusError) in
                let reply = try DBusMessage.methodReturn(replyingTo: call)
                try reply.append(values)
                return reply
            }
            if let declared, reply.signature != declared {
                throw .failed("Method '\(method)' returned signature '\(reply.signature)', declared '\(declared)'")
            }
            return reply
        }
    }

    /// Answers with a copy of `body`, whose signature must match the method's declared outputs (otherwise the caller
    /// gets `Failed`): for outputs marshalled once and kept to answer many calls.
    public func succeed(body: DBusReplyBody) {
        if let declared, body.signature != declared {
            fail(.failed("Method '\(method)' returned signature '\(body.signature)', declared '\(declared)'"))
            return
        }
        send { () throws(DBusMethodError) in
            try Self.building { () throws(DBusError) in try DBusMessage.methodReturn(replyingTo: call, body: body) }
        }
    }

    /// Answers with `error`.
    public func fail(_ error: DBusMethodError) {
        send { () throws(DBusMethodError) in
            try Self.building { () throws(DBusError) in
                try DBusMessage.error(replyingTo: call, name: error.name, message: error.message)
            }
        }
    }

    /// Sends what `make` builds, once; a reply that cannot be built is answered with the error it gives instead.
    private func send(_ make: () throws(DBusMethodError) -> DBusMessage) {
        guard !sent else { return }
        sent = true
        guard !call.noReplyExpected, let connection else { return }
        do throws(DBusMethodError) {
            connection.sendReply(try make())
        } catch {
            if let reply = try? DBusMessage.error(replyingTo: call, name: error.name, message: error.message) {
                connection.sendReply(reply)
            }
        }
    }

    /// The message `make` builds; the binding's refusal to build it is the caller's `Failed`.
    private static func building(_ make: () throws(DBusError) -> DBusMessage) throws(DBusMethodError) -> DBusMessage {
        do { return try make() } catch { throw .failed("Cannot send the reply: \(error)") }
    }
}
