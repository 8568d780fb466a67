import DBus

/// What a method return must hold, where the contract says: a method's declared outputs, each dictionary with the
/// keys of its type; a property's type; every property of an interface with its type.
enum ReplyShape {
    /// The outputs of one of the contract's methods.
    case outputs([ServiceSurface.Argument])
    /// `Properties.Get`: a variant holding a value of this type.
    case property(String)
    /// `Properties.GetAll`: exactly these properties, with these types.
    case properties([String: String])

    /// What is wrong with `values` as this shape; `nil` when nothing is.
    func problem(with values: [DBusValue], _ dictionaries: ContractDictionaries) -> String? {
        switch self {
        case .outputs(let outputs):
            let signature = values.map(\.signature.rawValue).joined()
            let declared = outputs.map(\.signature).joined()
            guard signature == declared else { return "returned '\(signature)', the contract declares '\(declared)'" }
            for (output, value) in zip(outputs, values) {
                guard let reference = output.dictionary else { continue }
                let each = output.signature == "aa{sv}" ? value.arrayValue ?? [] : [value]
                if let problem = each.lazy.compactMap({ dictionaries.problem(with: $0, as: reference) }).first {
                    return problem
                }
            }
            return nil
        case .property(let type):
            guard values.count == 1, let content = values[0].variantValue else {
                return "Get returned '\(values.map(\.signature.rawValue).joined())', not 'v'"
            }
            return content.signature.rawValue == type ? nil : "Get gave '\(content.signature.rawValue)', not '\(type)'"
        case .properties(let types):
            guard values.count == 1, let all = values[0].vardictValue else {
                return "GetAll returned '\(values.map(\.signature.rawValue).joined())', not 'a{sv}'"
            }
            let given = all.mapValues(\.signature.rawValue)
            return given == types ? nil : "GetAll gave \(given.sorted { $0.key < $1.key }), the contract \(types)"
        }
    }
}

extension ServiceSurface {
    /// What a method return to this call must hold; `nil` where the contract does not say (standard members,
    /// interfaces not the contract's, calls that must fail).
    func replyShape(path: String, interface: String?, member: String, arguments: [DBusValue]) -> ReplyShape? {
        guard let object = objects[path] else { return nil }
        let signature = arguments.map(\.signature.rawValue).joined()
        if interface == Self.properties, ["Get", "GetAll"].contains(member) {
            guard signature == (member == "Get" ? "ss" : "s"), let name = arguments[0].stringValue else { return nil }
            let chosen = object.filter { name.isEmpty || $0.name == name }
            guard !chosen.isEmpty, chosen.allSatisfy(\.isContract) else { return nil }
            if member == "GetAll" {
                return .properties(
                    Dictionary(chosen.flatMap(\.properties).map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
                )
            }
            let property = chosen.lazy.flatMap(\.properties).first { $0.name == arguments[1].stringValue }
            return property.map { .property($0.type) }
        }
        let found = object.first {
            ($0.name == interface || interface == nil) && $0.methods.contains { $0.name == member }
        }
        guard let found, found.isContract, let method = found.methods.first(where: { $0.name == member }),
            method.inputs == signature
        else { return nil }
        return .outputs(method.outputs)
    }
}
