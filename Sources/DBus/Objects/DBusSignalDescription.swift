/// A signal an interface declares, for introspection.
public struct DBusSignalDescription: Hashable, Sendable {
    /// The signal name (UpperCamel by convention).
    public var name: MemberName
    /// The signal's arguments.
    public var arguments: [DBusArgument]
    /// Annotations shown in introspection.
    public var annotations: [DBusAnnotation]

    /// Creates a signal description.
    public init(name: MemberName, arguments: [DBusArgument] = [], annotations: [DBusAnnotation] = []) {
        self.name = name
        self.arguments = arguments
        self.annotations = annotations
    }
}
