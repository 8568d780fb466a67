/// A method of an exported interface: its name, typed arguments and a synchronous handler.
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
}
