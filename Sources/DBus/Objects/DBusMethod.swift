/// A method of an exported interface: its name, the types of its arguments and the handler that answers each call
/// through a ``DBusDeferredReply``, at once or later.
public struct DBusMethod {
    /// The method name (UpperCamel by convention).
    public let name: MemberName
    /// The type of each input argument; calls with any other signature get `InvalidArgs` before the handler runs.
    public let inputs: [DBusSignature]
    /// The type of each output argument; an answer of another signature makes the caller get `Failed`.
    public let outputs: [DBusSignature]
    /// The inputs' and the outputs' signatures, joined once rather than for every call.
    let inputSignature: String
    let outputSignature: String
    /// Runs the method and answers through the reply it is given, then or later, once.
    let handler: ([DBusValue], DBusDeferredReply) -> Void

    /// Creates a method.
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The type of each input argument, a single complete type.
    ///   - outputs: The type of each output argument, a single complete type.
    ///   - handler: Runs on the connection's thread with the arguments, already of the input types; answers through
    ///     the reply once, at once or later (when the answer needs work that must not block the connection's thread,
    ///     a write made durable by another thread, say).
    public init(
        name: MemberName, inputs: [DBusSignature] = [], outputs: [DBusSignature] = [],
        handler: @escaping ([DBusValue], DBusDeferredReply) -> Void
    ) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        inputSignature = inputs.map(\.rawValue).joined()
        outputSignature = outputs.map(\.rawValue).joined()
        self.handler = handler
    }
}
