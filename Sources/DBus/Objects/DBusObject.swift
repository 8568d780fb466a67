/// An object to export on a connection: a path and the interfaces it implements.
///
/// The standard interfaces (`Introspectable`, `Properties`, `Peer`) are added by the connection; do not list them.
public final class DBusObject {
    /// Where the object lives.
    public let path: ObjectPath
    /// Its interfaces, in introspection order.
    public var interfaces: [DBusInterface]

    /// Creates an object.
    ///
    /// - Parameters:
    ///   - path: The object path.
    ///   - interfaces: Its interfaces.
    public init(path: ObjectPath, interfaces: [DBusInterface]) {
        self.path = path
        self.interfaces = interfaces
    }

    /// The interface named `name`, if the object implements it.
    public func interface(named name: String) -> DBusInterface? {
        interfaces.first { $0.name.rawValue == name }
    }
}
