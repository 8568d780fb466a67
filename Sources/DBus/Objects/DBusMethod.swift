/// A method of an exported interface: its name, the types of its arguments and a handler that answers at once, or
/// one that answers later through a ``DBusDeferredReply``.
public struct DBusMethod {
    /// The method name (UpperCamel by convention).
    public let name: MemberName
    /// The type of each input argument; calls with any other signature get `InvalidArgs` before the handler runs.
    public let inputs: [DBusSignature]
    /// The type of each output argument; a handler returning values of another signature makes the caller get
    /// `Failed`.
    public let outputs: [DBusSignature]
    /// The inputs' and the outputs' signatures, joined once rather than for every call.
    let inputSignature: String
    let outputSignature: String
    /// Runs the method and answers through the reply it is given, then or later, once: each initializer makes it
    /// from the handler it takes.
    let handler: ([DBusValue], DBusDeferredReply) -> Void

    /// Creates a method.
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The type of each input argument, a single complete type.
    ///   - outputs: The type of each output argument, a single complete type.
    ///   - handler: Runs on the connection's thread with the arguments, already of the input types; returns the output
    ///     values.
    public init(
        name: MemberName, inputs: [DBusSignature] = [], outputs: [DBusSignature] = [],
        handler: @escaping ([DBusValue]) throws(DBusMethodError) -> [DBusValue]
    ) {
        self.init(
            name: name, inputs: inputs, outputs: outputs,
            deferred: { arguments, reply in
                do throws(DBusMethodError) {
                    reply.succeed(try handler(arguments))
                } catch {
                    reply.fail(error)
                }
            })
    }

    /// Creates a method whose handler answers later: when the answer needs work that must not block the connection's
    /// thread (a write made durable by another thread, say).
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The type of each input argument, a single complete type.
    ///   - outputs: The type of each output argument; the values given to the reply are checked against them.
    ///   - deferred: Runs on the connection's thread with the arguments; answers through the reply, then or later,
    ///     once.
    public init(
        name: MemberName, inputs: [DBusSignature] = [], outputs: [DBusSignature] = [],
        deferred: @escaping ([DBusValue], DBusDeferredReply) -> Void
    ) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        inputSignature = inputs.map(\.rawValue).joined()
        outputSignature = outputs.map(\.rawValue).joined()
        handler = deferred
    }

    /// A method whose handler returns its outputs marshalled once and kept (``DBusReplyBody``): each call is answered
    /// with a copy, for a large reply that changes seldom. (A factory rather than an initializer, so that a trailing
    /// closure given to `init(name:inputs:outputs:handler:)` stays unambiguous.)
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The type of each input argument, a single complete type.
    ///   - outputs: The type of each output argument; the body's signature is checked against them.
    ///   - body: Runs on the connection's thread with the arguments; returns the body to answer with.
    public static func prepared(
        name: MemberName, inputs: [DBusSignature] = [], outputs: [DBusSignature] = [],
        body: @escaping ([DBusValue]) throws(DBusMethodError) -> DBusReplyBody
    ) -> DBusMethod {
        DBusMethod(
            name: name, inputs: inputs, outputs: outputs,
            deferred: { arguments, reply in
                do throws(DBusMethodError) {
                    reply.succeed(body: try body(arguments))
                } catch {
                    reply.fail(error)
                }
            })
    }
}
