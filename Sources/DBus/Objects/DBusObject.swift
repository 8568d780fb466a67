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

extension DBusObject {
    private static let standardInterfaces: Set<String> = [
        "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties",
    ]

    /// Checks that the object can be exported and introspected unambiguously.
    func validate() throws(DBusError) {
        var interfaceNames: Set<InterfaceName> = []
        for interface in interfaces {
            let name = interface.name
            guard !Self.standardInterfaces.contains(name.rawValue) else {
                throw .invalidObject("'\(name)' is provided by the connection and must not be listed at '\(path)'")
            }
            guard interfaceNames.insert(name).inserted else {
                throw .invalidObject("interface '\(name)' is listed twice at '\(path)'")
            }
            var members: Set<MemberName> = []
            for method in interface.methods {
                guard members.insert(method.name).inserted else {
                    throw .invalidObject("method '\(method.name)' is declared twice in '\(name)'")
                }
                for type in method.inputs + method.outputs where !type.isSingleCompleteType {
                    throw .invalidObject("an argument of '\(method.name)' has '\(type)', not one type")
                }
            }
            var properties: Set<MemberName> = []
            for property in interface.properties {
                guard properties.insert(property.name).inserted else {
                    throw .invalidObject("property '\(property.name)' is declared twice in '\(name)'")
                }
                guard property.signature.isSingleCompleteType else {
                    throw .invalidObject("property '\(property.name)' has '\(property.signature)', not one type")
                }
            }
        }
    }
}
