extension SwiftEmitter {
    /// The Swift type a method's reply decodes to: `Void`, its one output's type, or a struct of its outputs.
    func replyType(of method: ContractMethod, in interface: ContractInterface) -> String {
        let outputs = parameters(method.outputs, in: interface)
        switch outputs.count {
        case 0: return "Void"
        case 1: return outputs[0].type.name
        default: return "\(SwiftNames.namespace(of: interface.name)).\(method.name)Reply"
        }
    }

    /// The structs of the methods with several outputs.
    mutating func emitReplyStructs(_ interface: ContractInterface) {
        let namespace = SwiftNames.namespace(of: interface.name)
        for method in interface.methods where method.outputs.count > 1 {
            let outputs = parameters(method.outputs, in: interface)
            line()
            line("extension \(namespace) {")
            line("    /// What `\(method.name)` answers.")
            line("    public struct \(method.name)Reply: Equatable, Sendable {")
            for output in outputs {
                doc(output.argument.documentation, "        ")
                line("        public var \(output.name): \(output.type.name)")
            }
            line()
            line("        /// The answer.")
            line("        public init(\(outputs.map { "\($0.label): \($0.type.name)" }.joined(separator: ", "))) {")
            for output in outputs { line("            self.\(output.name) = \(output.name)") }
            line("        }")
            line("    }")
            line("}")
        }
    }

    mutating func emitClient(_ interface: ContractInterface) throws {
        let namespace = SwiftNames.namespace(of: interface.name)
        emitReplyStructs(interface)
        let served = interface.annotation("org.feels.Tips.BusName") != nil
        line()
        line(
            "/// A typed client of `\(interface.name)`: every method as a call that blocks until the answer and as one")
        line(
            "/// that answers through a completion handler from the event loop, every property as a getter; a reply that is"
        )
        line("/// not what the contract says is an error, never a default value.")
        line("public struct \(namespace)Client {")
        line("    /// The connection the calls go out on.")
        line("    public let connection: DBusConnection")
        line("    /// Who is called: the well-known name, or a unique name.")
        line("    public let destination: BusName")
        line("    /// The object called.")
        line("    public let path: ObjectPath")
        line("    /// How long a call waits for its answer.")
        line("    public var timeout: Duration")
        line()
        line("    /// A client calling `destination` at `path` over `connection`.")
        if served {
            line("    public init(")
            line("        connection: DBusConnection, destination: BusName = \(namespace).busName,")
            line("        path: ObjectPath = \(namespace).objectPath, timeout: Duration = .seconds(25)")
            line("    ) {")
        } else {
            line(
                "    public init(connection: DBusConnection, destination: BusName, path: ObjectPath, timeout: Duration = .seconds(25)) {"
            )
        }
        line("        self.connection = connection")
        line("        self.destination = destination")
        line("        self.path = path")
        line("        self.timeout = timeout")
        line("    }")
        for method in interface.methods {
            try emitClientMethod(method, in: interface)
        }
        for property in interface.properties {
            let type = SwiftType.of(property.type)
            let name = SwiftNames.lowerCamel(property.name)
            line()
            doc(property.documentation, "    ")
            line("    ///")
            line("    /// - Throws: `DBusError` from the bus or the service, or for a value of another type.")
            line("    public func \(SwiftNames.identifier(name))() throws(DBusError) -> \(type.name) {")
            line("        let value = try connection.getProperty(")
            line("            destination: destination, path: path, interface: \(namespace).name,")
            line(
                "            name: \(namespace).Property.\(SwiftNames.identifier(name)).name.rawValue, timeout: timeout)"
            )
            line("        guard let decoded = \(type.decode("value")) else {")
            line(
                "            throw .invalidMessage(\"\(property.name) is '\\(value.signature.rawValue)', not '\(property.type)'\")"
            )
            line("        }")
            line("        return decoded")
            line("    }")
        }
        if !interface.properties.isEmpty {
            line()
            line("    /// Every property, with one `GetAll`.")
            line("    ///")
            line(
                "    /// - Throws: `DBusError` from the bus or the service, or for a property missing or of another type."
            )
            line("    public func properties() throws(DBusError) -> \(namespace).Properties {")
            line("        let values = try connection.getAllProperties(")
            line("            destination: destination, path: path, interface: \(namespace).name, timeout: timeout)")
            line("        do throws(DictionaryError) {")
            line("            return try \(namespace).Properties(decoding: values)")
            line("        } catch {")
            line("            throw .invalidMessage(error.description)")
            line("        }")
            line("    }")
            line()
            line(
                "    /// Every property, with one `GetAll` that does not block: `completion` gets them from the event loop."
            )
            line("    ///")
            line("    /// - Throws: `DBusError` when the call cannot be sent.")
            line("    public func properties(")
            line("        completion: @escaping (Result<\(namespace).Properties, DBusError>) -> Void")
            line("    ) throws(DBusError) {")
            line("        try connection.call(")
            line(
                "            destination: destination, path: path, interface: \"org.freedesktop.DBus.Properties\", member: \"GetAll\","
            )
            line("            arguments: [.string(\(namespace).name.rawValue)], timeout: timeout")
            line("        ) { result in")
            line("            completion(")
            line("                result.flatMap { values in")
            line("                    guard values.count == 1, let properties = values[0].vardictValue else {")
            line("                        return .failure(.invalidMessage(\"GetAll answered no a{sv}\"))")
            line("                    }")
            line("                    do throws(DictionaryError) {")
            line("                        return .success(try \(namespace).Properties(decoding: properties))")
            line("                    } catch {")
            line("                        return .failure(.invalidMessage(error.description))")
            line("                    }")
            line("                })")
            line("        }")
            line("    }")
        }
        line("}")
    }

    private mutating func emitClientMethod(_ method: ContractMethod, in interface: ContractInterface) throws {
        let namespace = SwiftNames.namespace(of: interface.name)
        let inputs = parameters(method.inputs, in: interface)
        let outputs = parameters(method.outputs, in: interface)
        let name = SwiftNames.lowerCamel(method.name)
        let reply = replyType(of: method, in: interface)
        let signature = inputs.map { input -> String in
            let empty = input.argument.dictionary.map { isAllOptional($0, in: interface) } ?? false
            return "\(input.label): \(input.type.name)\(empty ? " = .init()" : "")"
        }
        let arguments = "[\(inputs.map { $0.type.encode($0.name) }.joined(separator: ", "))]"
        line()
        doc(method.documentation, "    ")
        line("    ///")
        line("    /// - Throws: `DBusError` from the bus or the service, or for an answer that is not the contract's.")
        if reply != "Void" { line("    @discardableResult") }
        line(
            "    public func \(SwiftNames.identifier(name))(\(signature.joined(separator: ", "))) throws(DBusError) -> \(reply) {"
        )
        line("        let values = try connection.call(")
        line("            destination: destination, path: path, interface: \(namespace).name,")
        line(
            "            member: \(namespace).Method.\(SwiftNames.identifier(name)).name, arguments: \(arguments), timeout: timeout)"
        )
        line("        return try Self.decode\(method.name)(values)")
        line("    }")
        line()
        line("    /// `\(method.name)` without blocking: `completion` gets the answer from the event loop.")
        line("    ///")
        line("    /// - Throws: `DBusError` when the call cannot be sent.")
        let completionSignature = signature + ["completion: @escaping (Result<\(reply), DBusError>) -> Void"]
        line(
            "    public func \(SwiftNames.identifier(name))(\(completionSignature.joined(separator: ", "))) throws(DBusError) {"
        )
        line("        try connection.call(")
        line("            destination: destination, path: path, interface: \(namespace).name,")
        line(
            "            member: \(namespace).Method.\(SwiftNames.identifier(name)).name, arguments: \(arguments), timeout: timeout"
        )
        line("        ) { result in")
        line("            completion(result.flatMap { values in")
        line(
            "                do throws(DBusError) { return .success(try Self.decode\(method.name)(values)) } catch { return .failure(error) }"
        )
        line("            })")
        line("        }")
        line("    }")
        line()
        line("    /// `\(method.name)`'s answer, as the contract says it.")
        line("    static func decode\(method.name)(_ values: [DBusValue]) throws(DBusError) -> \(reply) {")
        let outputSignature = method.outputs.map(\.type).joined()
        line("        guard values.count == \(outputs.count) else {")
        line(
            "            throw .invalidMessage(\"\(method.name) answered \\(values.count) values, not (\(outputSignature))\")"
        )
        line("        }")
        for (index, output) in outputs.enumerated() {
            decode(
                "values[\(index)]", into: output.name, output.type, what: "\(method.name)'s \(output.label)",
                indent: "        ", failure: { ".invalidMessage(\($0))" })
        }
        switch outputs.count {
        case 0: line("        return ()")
        case 1: line("        return \(outputs[0].name)")
        default: line("        return \(reply)(\(outputs.map { "\($0.label): \($0.name)" }.joined(separator: ", ")))")
        }
        line("    }")
    }
}
