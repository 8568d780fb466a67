/// A method's output values, marshalled once, to answer any number of calls with.
///
/// Marshalling a large reply costs many times the reply's copy: a service whose answer does not change between
/// calls (a dictionary rebuilt only when its data changes) keeps one of these and answers each call with a copy of it
/// (``DBusDeferredReply/succeed(body:)``).
public final class DBusReplyBody {
    /// A method return with no destination and no reply serial yet, holding the body.
    let template: DBusMessage
    /// The signature of the values.
    public let signature: String

    /// Marshals `values`, with every check an ordinary reply gets.
    ///
    /// - Throws: As `DBusMessage.append(_:)`: a string with NUL, a mismatched container, a type nested too deep, a
    ///   body beyond the size limits.
    public convenience init(_ values: [DBusValue]) throws(DBusError) {
        self.init(
            template: try DBusMessage.methodReturnTemplate(marshalling: values),
            signature: values.map(\.signatureText).joined())
    }

    /// The values the body holds, read back.
    var values: [DBusValue] {
        get throws(DBusError) { try template.arguments }
    }

    private init(template: DBusMessage, signature: String) {
        self.template = template
        self.signature = signature
    }
}

extension DBusMessage {
    /// A method return answering `call` with `body`: a copy of the body's message, addressed to the caller.
    ///
    /// - Throws: `DBusError.invalidMessage` for a call never sent, which has no serial to answer.
    static func methodReturn(replyingTo call: DBusMessage, body: DBusReplyBody) throws(DBusError) -> DBusMessage {
        let reply = try body.template.copied()
        try reply.address(asReplyTo: call)
        return reply
    }
}
