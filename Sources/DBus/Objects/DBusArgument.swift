/// A named argument of a method or signal, as shown in introspection.
public struct DBusArgument: Hashable, Sendable {
    /// The argument name (lower_snake by convention); empty for an unnamed argument.
    public var name: String
    /// The argument's type, a single complete type.
    public var signature: DBusSignature
    /// What the argument means, shown in introspection as an `org.gtk.GDBus.DocString` annotation; empty for none.
    public var documentation: String

    /// Further annotations shown in introspection, after the documentation.
    public var annotations: [DBusAnnotation]

    /// Creates an argument.
    ///
    /// - Parameters:
    ///   - name: The name shown in introspection; empty for none.
    ///   - signature: A single complete type.
    ///   - documentation: What the argument means; empty for none.
    ///   - annotations: Further annotations.
    public init(
        _ name: String, _ signature: DBusSignature, _ documentation: String = "", annotations: [DBusAnnotation] = []
    ) {
        self.name = name
        self.signature = signature
        self.documentation = documentation
        self.annotations = annotations
    }
}

extension [DBusArgument] {
    /// The arguments' types concatenated, as in a message signature.
    public var signature: String {
        map(\.signature.rawValue).joined()
    }
}
