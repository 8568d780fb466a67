import DBus
import TipsInterface

/// What the service must answer a call with, as far as its routing decides without looking at the values.
enum ExpectedReply: Equatable {
    /// A method return.
    case success
    /// An error with exactly this name.
    case error(String)
    /// A return or an error, as the handler decides from the values.
    case any
    /// A return, or one of these errors: a method of the contract's, called as it declares, is answered with one of
    /// the interface's own errors or those its description names.
    case returnOr(Set<String>)

    static let unknownObject = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownObject")
    static let unknownInterface = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownInterface")
    static let unknownMethod = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownMethod")
    static let unknownProperty = ExpectedReply.error("org.freedesktop.DBus.Error.UnknownProperty")
    static let invalidArgs = ExpectedReply.error("org.freedesktop.DBus.Error.InvalidArgs")
    static let propertyReadOnly = ExpectedReply.error("org.freedesktop.DBus.Error.PropertyReadOnly")
    /// What a method of the contract may answer when called with its declared signature: a return, one of
    /// `org.feels.Tips1.Error.*` or `InvalidArgs` (a value out of range).
    static let contractAnswer = ExpectedReply.returnOr(
        Set(Tips1.Error.allCases.map(\.rawValue)).union(["org.freedesktop.DBus.Error.InvalidArgs"]))

    /// Whether a reply with `errorName` (`nil` for a method return) is what this expectation allows.
    func allows(errorName: String?) -> Bool {
        switch self {
        case .success: errorName == nil
        case .error(let name): errorName == name
        case .any: true
        case .returnOr(let names): errorName.map(names.contains) ?? true
        }
    }
}

extension ExpectedReply: CustomStringConvertible {
    var description: String {
        switch self {
        case .success: "a method return"
        case .error(let name): name
        case .any: "any reply"
        case .returnOr: "a method return or an error the contract names"
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
        // The binding answers Peer itself, on every path and whatever the body, before any object sees the call, as
        // libdbus and sd-bus do.
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
            return call(method, of: found, signature, arguments)
        case nil:
            if let found = object?.first(where: { $0.methods.contains { $0.name == member } }),
                let method = found.methods.first(where: { $0.name == member })
            {
                return call(method, of: found, signature, arguments)
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

    /// A call of an object's own method: with another signature, `InvalidArgs`; for the contract's, `InvalidArgs`
    /// too when an options dictionary holds a key it knows in another type, else what the contract allows.
    private func call(_ method: Method, of interface: Interface, _ signature: String, _ arguments: [DBusValue])
        -> ExpectedReply
    {
        guard method.inputs == signature else { return .invalidArgs }
        guard interface.isContract else { return .any }
        for (argument, value) in zip(method.arguments, arguments) {
            if let type = argument.dictionary?.type, dictionaries.mistypedKey(in: value, of: type) != nil {
                return .invalidArgs
            }
        }
        return .contractAnswer
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
