extension SwiftEmitter {
    /// An argument as the generated code names and types it.
    struct Parameter {
        var name: String
        var label: String
        var type: SwiftType
        var argument: ContractArgument
    }

    func parameters(_ arguments: [ContractArgument], in interface: ContractInterface) -> [Parameter] {
        arguments.enumerated().map { index, argument in
            let name = argument.name.isEmpty ? "value\(index)" : SwiftNames.lowerCamel(argument.name)
            return Parameter(
                name: SwiftNames.identifier(name), label: name, type: type(of: argument, in: interface),
                argument: argument)
        }
    }

    /// Whether every key of the dictionary type `name` may be missing, so that an empty one is valid.
    func isAllOptional(_ name: String?, in interface: ContractInterface) -> Bool {
        guard let name, let dictionary = try? interface.dictionaries().first(where: { $0.name == name }) else {
            return false
        }
        return dictionary.keys.allSatisfy(\.optional)
    }

    /// Lines decoding `value` (a `DBusValue` expression) into `let name: type`, or throwing `failure` (a
    /// `DBusError` or `DBusMethodError` expression made from a `String` expression).
    mutating func decode(
        _ value: String, into name: String, _ type: SwiftType, what: String, indent: String,
        failure: (String) -> String
    ) {
        let message = "\"\(what) is '\\(\(value).signature.rawValue)', not '\(type.signature)'\""
        if type.decodingThrows {
            line("\(indent)let \(name): \(type.name)")
            line("\(indent)do throws(DictionaryError) {")
            line(
                "\(indent)    guard let decoded = try \(type.decode(value)) else { throw DictionaryError(\(message)) }")
            line("\(indent)    \(name) = decoded")
            line("\(indent)} catch {")
            line("\(indent)    throw \(failure("\"\\(error)\""))")
            line("\(indent)}")
        } else {
            line("\(indent)guard let \(name) = \(type.decode(value)) else {")
            line("\(indent)    throw \(failure(message))")
            line("\(indent)}")
        }
    }

    // MARK: - Properties

    mutating func emitProperties(_ interface: ContractInterface) {
        guard !interface.properties.isEmpty else { return }
        let namespace = SwiftNames.namespace(of: interface.name)
        let fields = interface.properties.map {
            (property: $0, name: SwiftNames.identifier(SwiftNames.lowerCamel($0.name)), type: SwiftType.of($0.type))
        }
        line()
        line("extension \(namespace) {")
        line(
            "    /// Every property's value at one moment: what `GetAll` answers, and what `PropertiesChanged` compares."
        )
        line("    public struct Properties: Equatable, Sendable {")
        for field in fields {
            doc(field.property.documentation, "        ")
            line("        public var \(field.name): \(field.type.name)")
        }
        line()
        line("        /// The values.")
        line("        public init(")
        line(
            "            "
                + fields.map { "\($0.name.trimmingCharacters(in: ["`"])): \($0.type.name)" }.joined(separator: ", "))
        line("        ) {")
        for field in fields { line("            self.\(field.name) = \(field.name)") }
        line("        }")
        line()
        line("        /// One property's value.")
        line("        public func value(of property: Property) -> DBusValue {")
        line("            switch property {")
        for field in fields {
            line("            case .\(field.name): \(field.type.encode(field.name))")
        }
        line("            }")
        line("        }")
        line()
        line(
            "        /// The properties that announce their changes and differ from `old`, with their values now, in the"
        )
        line("        /// contract's order: what `PropertiesChanged` carries.")
        line("        public func changes(since old: Properties) -> [(String, DBusValue)] {")
        line("            var changed: [(String, DBusValue)] = []")
        for field in fields where field.property.emitsChangedSignal == "true" {
            line("            if \(field.name) != old.\(field.name) {")
            line(
                "                changed.append((Property.\(field.name).name.rawValue, \(field.type.encode(field.name))))"
            )
            line("            }")
        }
        line("            return changed")
        line("        }")
        line()
        line("        /// Reads what `GetAll` answered.")
        line("        ///")
        line("        /// - Throws: `DictionaryError` for a property missing or of another type.")
        line("        public init(decoding properties: [String: DBusValue]) throws(DictionaryError) {")
        for field in fields {
            let key = "Property.\(field.name).name.rawValue"
            line(
                "            guard let \(field.name) = properties[\(key)].flatMap({ \(field.type.decode("$0")) }) else {"
            )
            line("                throw DictionaryError(")
            line(
                "                    dictionary: \(SwiftNames.literal(interface.name)), key: \(key), problem: \"is missing or of another type\")"
            )
            line("            }")
            line("            self.\(field.name) = \(field.name)")
        }
        line("        }")
        line("    }")
        line()
        line("    /// What one `PropertiesChanged` says: each property that changed, `nil` for the others.")
        line("    public struct PropertyChanges: Equatable, Sendable {")
        for field in fields {
            line("        /// \(field.property.name), when it changed.")
            line("        public var \(field.name): \(field.type.name)?")
        }
        line()
        line("        /// Reads the changed properties of `PropertiesChanged`; unknown ones are ignored.")
        line("        ///")
        line("        /// - Throws: `DictionaryError` for a property of another type.")
        line("        public init(decoding changed: [String: DBusValue]) throws(DictionaryError) {")
        for field in fields {
            let key = "Property.\(field.name).name.rawValue"
            line("            if let value = changed[\(key)] {")
            line("                guard let decoded = \(field.type.decode("value")) else {")
            line("                    throw DictionaryError(")
            line("                        dictionary: \(SwiftNames.literal(interface.name)), key: \(key),")
            line(
                "                        problem: \"is '\\(value.signature.rawValue)', not '\(field.type.signature)'\")"
            )
            line("                }")
            line("                \(field.name) = decoded")
            line("            } else {")
            line("                \(field.name) = nil")
            line("            }")
        }
        line("        }")
        line("    }")
        line("}")
    }

    // MARK: - Signals

    mutating func emitSignals(_ interface: ContractInterface) {
        guard !interface.signals.isEmpty else { return }
        let namespace = SwiftNames.namespace(of: interface.name)
        line()
        line("extension \(namespace) {")
        line("    /// A signal of the interface, its arguments decoded.")
        line("    public enum SignalMessage: Equatable, Sendable {")
        for signal in interface.signals {
            let arguments = parameters(signal.arguments, in: interface)
            doc(signal.documentation, "        ")
            line(
                "        case \(SwiftNames.identifier(SwiftNames.lowerCamel(signal.name)))(\(arguments.map { "\($0.label): \($0.type.name)" }.joined(separator: ", ")))"
            )
        }
        line()
        line(
            "        /// The signal `message` carries, when it is one of the interface's with the contract's arguments; `nil`"
        )
        line("        /// otherwise. Who sent it is not checked here: route signals through a `SignalRouter`.")
        line("        public init?(_ message: DBusMessage) {")
        line("            guard message.type == .signal, message.interface == name, let member = message.member,")
        line("                let signal = Signal(rawValue: member.rawValue), let arguments = try? message.arguments")
        line("            else { return nil }")
        line("            switch signal {")
        for signal in interface.signals {
            let arguments = parameters(signal.arguments, in: interface)
            let caseName = SwiftNames.identifier(SwiftNames.lowerCamel(signal.name))
            line("            case .\(caseName):")
            line("                guard arguments.count == \(arguments.count) else { return nil }")
            for (index, argument) in arguments.enumerated() {
                if argument.type.decodingThrows {
                    line(
                        "                guard let \(argument.name) = (try? \(argument.type.decode("arguments[\(index)]"))) ?? nil else { return nil }"
                    )
                } else {
                    line(
                        "                guard let \(argument.name) = \(argument.type.decode("arguments[\(index)]")) else { return nil }"
                    )
                }
            }
            line(
                "                self = .\(caseName)(\(arguments.map { "\($0.label): \($0.name)" }.joined(separator: ", ")))"
            )
        }
        line("            }")
        line("        }")
        line("    }")
        for signal in interface.signals {
            let arguments = parameters(signal.arguments, in: interface)
            let caseName = SwiftNames.lowerCamel(signal.name)
            line()
            line("    /// Emits `\(signal.name)` from `path` on `connection`.")
            let path =
                interface.annotation("org.feels.Tips.ObjectPath") != nil
                ? "path: ObjectPath = objectPath" : "path: ObjectPath"
            line("    public static func emit\(signal.name)(")
            line(
                "        "
                    + (arguments.map { "\($0.label): \($0.type.name)" } + ["on connection: DBusConnection", path])
                    .joined(separator: ", "))
            line("    ) throws(DBusError) {")
            line("        try connection.emitSignal(")
            line("            path: path, interface: name, member: Signal.\(SwiftNames.identifier(caseName)).name,")
            line("            arguments: [\(arguments.map { $0.type.encode($0.name) }.joined(separator: ", "))])")
            line("    }")
        }
        line("}")
    }
}
