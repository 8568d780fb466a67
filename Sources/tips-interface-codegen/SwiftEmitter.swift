/// Writes the Swift source of a ``Contract``: for each interface its names, its dictionary types, a typed client and
/// the server side (a protocol to conform to and the exported interface table).
struct SwiftEmitter {
    let contract: Contract
    var lines: [String] = []

    /// The whole file.
    static func source(of contract: Contract) throws -> String {
        var emitter = SwiftEmitter(contract: contract)
        try emitter.emitFile()
        return emitter.lines.joined(separator: "\n") + "\n"
    }

    init(contract: Contract) {
        self.contract = contract
    }

    mutating func line(_ text: String = "") {
        lines.append(text)
    }

    mutating func doc(_ text: String, _ indent: String) {
        guard !text.isEmpty else { return }
        lines += SwiftNames.documentation(text, indent: indent)
    }

    private mutating func emitFile() throws {
        line(
            "// Generated from dbus/org.feels.Tips1.xml by tips-interface-codegen (Plugins/InterfaceCodegen): do not edit."
        )
        line("// The XML is the contract; change it there, and this follows at the next build.")
        line()
        line("import DBus")
        for interface in contract.interfaces {
            try emitNames(interface)
            try emitDictionaries(interface)
            emitProperties(interface)
            emitSignals(interface)
            try emitClient(interface)
            try emitServer(interface)
        }
    }

    // MARK: - Names

    /// The Swift type a dictionary type of `interface` is known by.
    func dictionaryType(_ name: String, in interface: ContractInterface) -> String {
        "\(SwiftNames.namespace(of: interface.name)).\(name)"
    }

    /// The Swift type of an argument or a property.
    func type(of argument: ContractArgument, in interface: ContractInterface) -> SwiftType {
        SwiftType.of(argument.type, dictionary: argument.dictionary.map { dictionaryType($0, in: interface) })
    }

    private mutating func emitNames(_ interface: ContractInterface) throws {
        let namespace = SwiftNames.namespace(of: interface.name)
        line()
        doc(interface.annotation("org.gtk.GDBus.DocString.Short") ?? interface.documentation, "")
        line("///")
        line(
            "/// `\(interface.name)`: its names, dictionary types, client and server side, generated from the contract."
        )
        line("public enum \(namespace) {")
        line("    /// The interface's name.")
        line("    public static let name: InterfaceName = \(SwiftNames.literal(interface.name))")
        if let busName = interface.annotation("org.feels.Tips.BusName") {
            line("    /// The well-known bus name it is served under.")
            line("    public static let busName: BusName = \(SwiftNames.literal(busName))")
        }
        if let path = interface.annotation("org.feels.Tips.ObjectPath") {
            line("    /// The object it is served at.")
            line("    public static let objectPath: ObjectPath = \(SwiftNames.literal(path))")
        }
        line()
        emitMemberCases("Method", "method", interface.methods.map { ($0.name, $0.documentation) })
        line()
        line("        /// Whether the method is a write: answered in each caller's order, once durable.")
        line("        public var isWrite: Bool {")
        line("            switch self {")
        let writes = interface.methods.filter(\.isWrite).map {
            "." + SwiftNames.identifier(SwiftNames.lowerCamel($0.name))
        }
        if !writes.isEmpty {
            line("            case \(writes.joined(separator: ", ")): true")
        }
        if writes.count < interface.methods.count {
            line("            default: false")
        }
        line("            }")
        line("        }")
        line("    }")
        if !interface.signals.isEmpty {
            line()
            emitMemberCases("Signal", "signal", interface.signals.map { ($0.name, $0.documentation) })
            if interface.annotation("org.feels.Tips.BusName") != nil {
                line()
                line("        /// The rule selecting the signal from the service's owner at its object.")
                line("        public var rule: SignalRule {")
                line("            SignalRule(")
                // `name` alone would be the signal's own (its member name), which shadows the interface's here.
                line("                sender: busName.rawValue, path: objectPath.rawValue,")
                line("                interface: \(namespace).name.rawValue, member: rawValue)")
                line("        }")
            }
            line("    }")
        }
        if !interface.properties.isEmpty {
            line()
            emitMemberCases("Property", "property", interface.properties.map { ($0.name, $0.documentation) })
            line("    }")
        }
        let errors = interface.errors
        if !errors.isEmpty {
            line()
            line("    /// The interface's own errors.")
            line("    public enum Error: String, CaseIterable, Sendable {")
            for error in errors {
                doc(error.documentation, "        ")
                let full = "\(interface.name).Error.\(error.name)"
                line(
                    "        case \(SwiftNames.identifier(SwiftNames.lowerCamel(error.name))) = \(SwiftNames.literal(full))"
                )
            }
            line()
            emitNameSwitch("ErrorName", errors.map { "\(interface.name).Error.\($0.name)" }, cases: errors.map(\.name))
            line()
            line("        /// The error, with a message, as a method answers it.")
            line("        public func callAsFunction(_ message: String) -> DBusMethodError {")
            line("            DBusMethodError(name: name, message: message)")
            line("        }")
            line("    }")
        }
        line("}")
    }

    /// `public var name: T`, one validated name per case, each made once.
    /// Opens `public enum TYPE`, a case for each member (documented, its raw value the member's name) and the
    /// switch giving each its `MemberName`; the caller adds what else the enum holds and closes it.
    private mutating func emitMemberCases(
        _ type: String, _ kind: String, _ members: [(name: String, documentation: String)]
    ) {
        line("    /// Every \(kind), in the contract's order.")
        line("    public enum \(type): String, CaseIterable, Sendable {")
        for member in members {
            doc(member.documentation, "        ")
            let identifier = SwiftNames.identifier(SwiftNames.lowerCamel(member.name))
            line("        case \(identifier) = \(SwiftNames.literal(member.name))")
        }
        line()
        emitNameSwitch("MemberName", members.map(\.name))
    }

    private mutating func emitNameSwitch(_ type: String, _ names: [String], cases: [String]? = nil) {
        let cases = (cases ?? names).map { SwiftNames.identifier(SwiftNames.lowerCamel($0)) }
        line("        /// The name, as the bus carries it.")
        line("        public var name: \(type) {")
        line("            switch self {")
        for name in cases {
            line("            case .\(name): Names.\(name)")
        }
        line("            }")
        line("        }")
        line()
        line("        private enum Names {")
        for (name, text) in zip(cases, names) {
            line("            static let \(name): \(type) = \(SwiftNames.literal(text))")
        }
        line("        }")
    }

    // MARK: - Dictionaries

    private mutating func emitDictionaries(_ interface: ContractInterface) throws {
        let namespace = SwiftNames.namespace(of: interface.name)
        let dictionaries = try interface.dictionaries()
        for dictionary in dictionaries {
            for key in dictionary.keys {
                if let nested = key.nested, !dictionaries.contains(where: { $0.name == nested }) {
                    throw ContractError("key \(dictionary.name).\(key.name) names \(nested), which is not declared")
                }
            }
            let fields = dictionary.keys.map { key -> (key: ContractDictionary.Key, name: String, type: SwiftType) in
                let swiftType = SwiftType.of(
                    key.signature, dictionary: key.nested.map { "\(namespace).\($0)" }, inDictionary: true)
                return (key, SwiftNames.identifier(SwiftNames.lowerCamel(key.name)), swiftType)
            }
            line()
            line("extension \(namespace) {")
            doc(dictionary.documentation, "    ")
            line("    ///")
            line(
                "    /// An `a{sv}` dictionary of the contract: ignore keys you do not know; a later revision may add some."
            )
            line("    public struct \(dictionary.name): Equatable, Sendable {")
            if fields.isEmpty {
                line("        /// A dictionary with no key: none is defined yet.")
                line("        public init() {}")
                line()
                line("        /// Reads a dictionary; its keys are ignored, since none is defined yet.")
                line("        public init(decoding dictionary: [String: DBusValue]) throws(DictionaryError) {}")
                line()
                line("        /// The dictionary as `a{sv}`: empty.")
                line("        public var encoded: DBusValue { .vardict([]) }")
                line("    }")
                line("}")
                continue
            }
            line("        /// Every key, in the contract's order.")
            line("        public enum Key: String, CaseIterable, Sendable {")
            for key in dictionary.keys {
                doc(key.documentation, "            ")
                line(
                    "            case \(SwiftNames.identifier(SwiftNames.lowerCamel(key.name))) = \(SwiftNames.literal(key.name))"
                )
            }
            line()
            line("            /// The key's signature.")
            line("            public var signature: DBusSignature {")
            line("                switch self {")
            for key in dictionary.keys {
                line(
                    "                case .\(SwiftNames.identifier(SwiftNames.lowerCamel(key.name))): \(SwiftNames.literal(key.signature))"
                )
            }
            line("                }")
            line("            }")
            line()
            line("            /// Whether a dictionary may lack the key.")
            line("            public var isOptional: Bool {")
            line("                switch self {")
            let optional = dictionary.keys.filter(\.optional).map {
                "." + SwiftNames.identifier(SwiftNames.lowerCamel($0.name))
            }
            if !optional.isEmpty { line("                case \(optional.joined(separator: ", ")): true") }
            if optional.count < dictionary.keys.count { line("                default: false") }
            line("                }")
            line("            }")
            line("        }")
            line()
            for field in fields {
                doc(field.key.documentation, "        ")
                line("        public var \(field.name): \(field.type.name)\(field.key.optional ? "?" : "")")
            }
            line()
            line("        /// A dictionary with these values.")
            let parameters = fields.map {
                "\($0.name.trimmingCharacters(in: ["`"])): \($0.type.name)\($0.key.optional ? "? = nil" : "")"
            }
            line("        public init(\(parameters.joined(separator: ", "))) {")
            for field in fields {
                line("            self.\(field.name) = \(field.name)")
            }
            line("        }")
            line()
            line("        /// Reads a dictionary; keys it does not know are ignored.")
            line("        ///")
            line("        /// - Throws: `DictionaryError` for a key missing or of another type.")
            line("        public init(decoding dictionary: [String: DBusValue]) throws(DictionaryError) {")
            for field in fields {
                let key = SwiftNames.literal(field.key.name)
                let decoded = field.type.decode("found")
                line("            if let found = dictionary[\(key)] {")
                if field.type.decodingThrows {
                    line("                guard let decoded = try \(decoded) else {")
                } else {
                    line("                guard let decoded = \(decoded) else {")
                }
                line("                    throw DictionaryError(")
                line("                        dictionary: \(SwiftNames.literal(dictionary.name)), key: \(key),")
                line(
                    "                        problem: \"is '\\(found.signature.rawValue)', not '\(field.key.signature)'\")"
                )
                line("                }")
                line("                \(field.name) = decoded")
                line("            } else {")
                if field.key.optional {
                    line("                \(field.name) = nil")
                } else {
                    line(
                        "                throw DictionaryError(dictionary: \(SwiftNames.literal(dictionary.name)), key: \(key), problem: \"is missing\")"
                    )
                }
                line("            }")
            }
            line("        }")
            line()
            line(
                "        /// The dictionary as `a{sv}`, its keys in the contract's order, those without a value left out."
            )
            line("        public var encoded: DBusValue {")
            line("            var entries: [(String, DBusValue)] = []")
            line("            entries.reserveCapacity(\(fields.count))")
            emitEntries(fields) { field, key, value in "entries.append((\(key), \(field.type.encode(value))))" }
            line("            return .vardict(entries)")
            line("        }")
            line("    }")
            line("}")
        }
    }

    /// One statement a field, in the contract's order: `statement` of the field, its key's literal and the expression
    /// of its value; an optional field's only when it has one.
    private mutating func emitEntries(
        _ fields: [(key: ContractDictionary.Key, name: String, type: SwiftType)],
        _ statement: ((key: ContractDictionary.Key, name: String, type: SwiftType), String, String) -> String
    ) {
        for field in fields {
            let key = SwiftNames.literal(field.key.name)
            if field.key.optional {
                line("            if let value = \(field.name) { \(statement(field, key, "value")) }")
            } else {
                line("            \(statement(field, key, field.name))")
            }
        }
    }
}
