/// A named argument of a method or signal, as shown in introspection.
public struct DBusArgument: Hashable, Sendable {
    /// The argument name (lower_snake by convention); empty for an unnamed argument.
    public var name: String
    /// The argument's type, a single complete type.
    public var signature: DBusSignature

    /// Creates an argument.
    ///
    /// - Parameters:
    ///   - name: The name shown in introspection; empty for none.
    ///   - signature: A single complete type.
    public init(_ name: String, _ signature: DBusSignature) {
        self.name = name
        self.signature = signature
    }
}

extension [DBusArgument] {
    /// The arguments' types concatenated, as in a message signature.
    public var signature: String {
        map(\.signature.rawValue).joined()
    }
}
