/// A method of an exported interface: its name, typed arguments and a handler that answers at once, or one that
/// answers later through a ``DBusDeferredReply``.
public struct DBusMethod {
    /// The method name (UpperCamel by convention).
    public var name: MemberName
    /// The input arguments; calls with any other signature get `InvalidArgs` before the handler runs.
    public var inputs: [DBusArgument]
    /// The output arguments; a handler returning values of another signature makes the caller get `Failed`.
    public var outputs: [DBusArgument]
    /// Annotations shown in introspection.
    public var annotations: [DBusAnnotation]
    /// Runs the method and returns the output values, or throws the D-Bus error to answer with.
    public var handler: (DBusMethodCall) throws(DBusMethodError) -> [DBusValue]
    /// Runs the method and answers later through the reply it is given; when set, it is used instead of `handler`.
    public var deferredHandler: ((DBusMethodCall, DBusDeferredReply) -> Void)?

    /// Creates a method.
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The input arguments.
    ///   - outputs: The output arguments.
    ///   - annotations: Annotations shown in introspection.
    ///   - handler: Runs on the connection's thread; returns the output values.
    public init(
        name: MemberName, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
        annotations: [DBusAnnotation] = [],
        handler: @escaping (DBusMethodCall) throws(DBusMethodError) -> [DBusValue]
    ) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.annotations = annotations
        self.handler = handler
    }

    /// Creates a method whose handler answers later: when the answer needs work that must not block the connection's
    /// thread (a write made durable by another thread, say).
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The input arguments.
    ///   - outputs: The output arguments; the values given to the reply are checked against them.
    ///   - annotations: Annotations shown in introspection.
    ///   - deferred: Runs on the connection's thread; answers through the reply, then or later, once.
    public init(
        name: MemberName, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
        annotations: [DBusAnnotation] = [], deferred: @escaping (DBusMethodCall, DBusDeferredReply) -> Void
    ) {
        self.init(name: name, inputs: inputs, outputs: outputs, annotations: annotations) { _ throws(DBusMethodError) in
            throw .failed("Method '\(name)' answers later")
        }
        self.deferredHandler = deferred
    }
}
