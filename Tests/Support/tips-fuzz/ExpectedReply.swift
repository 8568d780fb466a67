import DBus

/// What the service must answer a call with, as far as its routing decides without looking at the values.
enum ExpectedReply: Equatable {
    /// A method return.
    case success
    /// An error with exactly this name.
    case error(String)
    /// A return or an error, as the handler decides from the values.
    case any

    static let unknownObject = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownObject")
    static let unknownInterface = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownInterface")
    static let unknownMethod = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownMethod")
    static let unknownProperty = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownProperty")
    static let invalidArgs = ExpectedReply.error("org.freedesktop.DBus.Error.InvalidArgs")
    static let propertyReadOnly = ExpectedReply.error("org.freedesktop.DBus.Error.PropertyReadOnly")

    /// Whether a reply with `errorName` (`nil` for a method return) is what this expectation allows.
    func allows(errorName: String?) -> Bool {
        switch self {
        case .success: errorName == nil
        case .error(let name): errorName == name
        case .any: true
        }
    }
}

extension ServiceSurface {
    /// What the service must answer a call of `member` at `path` through `interface` carrying `arguments`, by the
    /// D-Bus conventions the binding follows: an unknown object, then interface, then method, then a wrong signature.
    func expectedReply(
        path: String, interface: String?, member: String, arguments: [DBusValue]
    ) -> ExpectedReply {
        let signature = arguments.map { $0.signature.rawValue }.joined()
        // libdbus answers Peer itself, on every path and whatever the body, before any object sees the call.
        if interface == Self.peer {
            switch member {
            case "Ping": return .success
            case "GetMachineId": return .any
            default: return .unknownMethod
            }
        }
        guard nodes.contains(path) else { return .unknownObject }
        let object = objects[path]
        switch interface {
        case Self.introspectable?: return introspectable(member, signature)
        case Self.properties?:
            guard let object else { return .unknownInterface }
            return properties(member, signature, arguments, object)
        case let name?:
            guard let found = object?.first(where: { $0.name == name }) else { return .unknownInterface }
            guard let method = found.methods.first(where: { $0.name == member }) else { return .unknownMethod }
            return method.inputs == signature ? .any : .invalidArgs
        case nil:
            if let method = object?.lazy.flatMap(\.methods).first(where: { $0.name == member }) {
                return method.inputs == signature ? .any : .invalidArgs
            }
            switch member {
            case "Ping", "GetMachineId": return peer(member, signature)
            case "Introspect": return introspectable(member, signature)
            case "Get", "GetAll", "Set":
                if let object { return properties(member, signature, arguments, object) }
                return .unknownMethod
            default: return .unknownMethod
            }
        }
    }

    private func peer(_ member: String, _ signature: String) -> ExpectedReply {
        switch member {
        // GetMachineId reads /etc/machine-id, which a container may lack.
        case "Ping": signature.isEmpty ? .success : .invalidArgs
        case "GetMachineId": signature.isEmpty ? .any : .invalidArgs
        default: .unknownMethod
        }
    }

    private func introspectable(_ member: String, _ signature: String) -> ExpectedReply {
        guard member == "Introspect" else { return .unknownMethod }
        return signature.isEmpty ? .success : .invalidArgs
    }

    private func properties(
        _ member: String, _ signature: String, _ arguments: [DBusValue], _ object: [Interface]
    ) -> ExpectedReply {
        let expected = ["Get": "ss", "GetAll": "s", "Set": "ssv"]
        guard let wanted = expected[member] else { return .unknownMethod }
        guard signature == wanted else { return .invalidArgs }
        let interfaceName = arguments[0].stringValue ?? ""
        let interfaces = interfaceName.isEmpty ? object : object.filter { $0.name == interfaceName }
        guard !interfaces.isEmpty else { return .unknownInterface }
        if member == "GetAll" { return .success }
        let propertyName = arguments[1].stringValue ?? ""
        guard let property = interfaces.lazy.flatMap(\.properties).first(where: { $0.name == propertyName }) else {
            return .unknownProperty
        }
        if member == "Get" { return .success }
        return property.writable ? .any : .propertyReadOnly
    }
}
