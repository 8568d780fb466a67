extension SwiftEmitter {
    mutating func emitServer(_ interface: ContractInterface) throws {
        let namespace = SwiftNames.namespace(of: interface.name)
        let protocolName = "\(namespace)Serving"
        line()
        line("/// What serves `\(interface.name)`: one requirement for each method and each property of the contract.")
        line("///")
        line("/// A write answers through its reply, once durable; a read answers at once, with its outputs marshalled")
        line(
            "/// (`\(namespace).NamePrepared`), which the conformer may keep and return again while they are unchanged."
        )
        line(
            "/// The interface table (`\(namespace).definition(serving:)`) decodes each call's arguments by the contract's"
        )
        line("/// signature first.")
        line("public protocol \(protocolName): AnyObject {")
        for method in interface.methods {
            let inputs = parameters(method.inputs, in: interface)
            let name = SwiftNames.identifier(SwiftNames.lowerCamel(method.name))
            let arguments = inputs.map { "\($0.label): \($0.type.name)" }
            doc(method.documentation, "    ")
            if method.isWrite {
                line(
                    "    func \(name)(\((arguments + ["reply: \(namespace).\(method.name)Answer"]).joined(separator: ", ")))"
                )
            } else {
                let reply = method.outputs.isEmpty ? "Void" : "\(namespace).\(method.name)Prepared"
                line("    func \(name)(\(arguments.joined(separator: ", "))) throws(DBusMethodError) -> \(reply)")
            }
        }
        for property in interface.properties {
            doc(property.documentation, "    ")
            line(
                "    var \(SwiftNames.identifier(SwiftNames.lowerCamel(property.name))): \(SwiftType.of(property.type).name) { get }"
            )
        }
        line("}")
        emitPrepared(interface)
        emitAnswers(interface)
        try emitDefinition(interface)
    }

    /// The outputs of each read that has some, marshalled once: what the read returns. Marshalling a dictionary costs
    /// several times copying a message, so a service whose outputs change seldom keeps one and answers each call with
    /// a copy (`DBusReplyBody`).
    private mutating func emitPrepared(_ interface: ContractInterface) {
        let namespace = SwiftNames.namespace(of: interface.name)
        let methods = interface.methods.filter { !$0.isWrite && !$0.outputs.isEmpty }
        guard !methods.isEmpty else { return }
        line()
        line("extension \(namespace) {")
        for method in methods {
            let outputs = parameters(method.outputs, in: interface)
            line(
                "    /// `\(method.name)`'s outputs, marshalled once: each call answered with it gets a copy, so one kept while"
            )
            line("    /// the outputs are unchanged answers any number of calls without marshalling them again.")
            line("    public struct \(method.name)Prepared {")
            line("        /// The outputs as the reply's body.")
            line("        public let body: DBusReplyBody")
            line()
            line("        /// Marshals the outputs.")
            line("        ///")
            line("        /// - Throws: `DBusError` for a value the wire refuses.")
            let signature = outputs.map { "\($0.label): \($0.type.name)" }.joined(separator: ", ")
            line("        public init(\(signature)) throws(DBusError) {")
            line(
                "            body = try DBusReplyBody([\(outputs.map { $0.type.encode($0.name) }.joined(separator: ", "))])"
            )
            line("        }")
            line("    }")
            line()
        }
        lines.removeLast()
        line("}")
    }

    /// The typed answers of writes.
    private mutating func emitAnswers(_ interface: ContractInterface) {
        let namespace = SwiftNames.namespace(of: interface.name)
        let writes = interface.methods.filter(\.isWrite)
        guard !writes.isEmpty else { return }
        line()
        line("extension \(namespace) {")
        for method in writes {
            let outputs = parameters(method.outputs, in: interface)
            line("    /// The answer to one `\(method.name)` call, given once, then or later.")
            line("    public struct \(method.name)Answer {")
            line("        /// The deferred reply it answers through.")
            line("        public let reply: DBusDeferredReply")
            line()
            line("        /// An answer through `reply`.")
            line("        public init(_ reply: DBusDeferredReply) {")
            line("            self.reply = reply")
            line("        }")
            line()
            line("        /// The caller's unique bus name.")
            line("        public var sender: String { reply.sender }")
            line()
            let signature = outputs.map { "\($0.label): \($0.type.name)" }.joined(separator: ", ")
            line("        /// Answers with the outputs.")
            line("        public func succeed(\(signature)) {")
            line(
                "            reply.succeed(Self.values(\(outputs.map { "\($0.label): \($0.name)" }.joined(separator: ", "))))"
            )
            line("        }")
            line()
            line(
                "        /// The outputs as the reply carries them, for an answer sent later through the deferred reply."
            )
            line("        public static func values(\(signature)) -> [DBusValue] {")
            line("            [\(outputs.map { $0.type.encode($0.name) }.joined(separator: ", "))]")
            line("        }")
            line()
            line("        /// Answers with an error.")
            line("        public func fail(_ error: DBusMethodError) {")
            line("            reply.fail(error)")
            line("        }")
            line("    }")
            line()
        }
        lines.removeLast()
        line("}")
    }

    private mutating func emitDefinition(_ interface: ContractInterface) throws {
        let namespace = SwiftNames.namespace(of: interface.name)
        let protocolName = "\(namespace)Serving"
        let xml = interface.introspectionXML
        // A raw literal holds the XML as it is, unless the XML holds what would end the literal or interpolate.
        guard !xml.contains("\"\"\"#"), !xml.contains("\\#") else {
            throw ContractError("\(interface.name)'s XML holds \"\"\"# or \\#, which a raw Swift literal cannot")
        }
        line()
        line("extension \(namespace) {")
        line("    /// The `<interface>` element `Introspect` shows, from the contract.")
        line("    public static let introspection = #\"\"\"")
        for xmlLine in xml.split(separator: "\n") {
            line("        " + xmlLine)
        }
        line("")
        line("        \"\"\"#")
        line()
        line(
            "    /// The interface table, every handler calling `object` (`nil`: the table alone, whose handlers answer `Failed`)."
        )
        line("    public static func definition(serving object: (any \(protocolName))?) -> DBusInterface {")
        line("        weak let object = object")
        line("        func served() throws(DBusMethodError) -> any \(protocolName) {")
        line("            guard let object else { throw .failed(\"\(interface.name) is no longer served\") }")
        line("            return object")
        line("        }")
        line("        return DBusInterface(")
        line("            name: name,")
        line("            introspection: introspection,")
        line("            methods: [")
        for method in interface.methods {
            emitMethodEntry(method, in: interface)
        }
        line("            ],")
        line("            properties: [")
        for property in interface.properties {
            let name = SwiftNames.identifier(SwiftNames.lowerCamel(property.name))
            let type = SwiftType.of(property.type)
            line("                DBusProperty(")
            line(
                "                    name: Property.\(name).name, signature: \(SwiftNames.literal(property.type)),"
            )
            line("                    get: {")
            line("                        guard let object else { return .string(\"\") }")
            line("                        return \(type.encode("object.\(name)"))")
            line("                    }),")
        }
        line("            ])")
        line("    }")
        if !interface.properties.isEmpty {
            line()
            line("    /// Every property of `object` now.")
            line("    public static func properties(of object: any \(protocolName)) -> Properties {")
            let fields = interface.properties.map { SwiftNames.identifier(SwiftNames.lowerCamel($0.name)) }
            line("        Properties(")
            line(
                "            "
                    + fields.map { "\($0.trimmingCharacters(in: ["`"])): object.\($0)" }.joined(separator: ", "))
            line("        )")
            line("    }")
        }
        line("}")
    }

    private mutating func emitMethodEntry(_ method: ContractMethod, in interface: ContractInterface) {
        let namespace = SwiftNames.namespace(of: interface.name)
        let inputs = parameters(method.inputs, in: interface)
        let outputs = parameters(method.outputs, in: interface)
        let name = SwiftNames.identifier(SwiftNames.lowerCamel(method.name))
        line("                DBusMethod(")
        line("                    name: Method.\(name).name,")
        line("                    inputs: \(Self.types(method.inputs)),")
        line("                    outputs: \(Self.types(method.outputs)),")
        let indent = "                            "
        line("                    handler: { \(inputs.isEmpty ? "_" : "arguments"), reply in")
        line("                        do throws(DBusMethodError) {")
        line("\(indent)let object = try served()")
        if !inputs.isEmpty {
            line("\(indent)guard arguments.count == \(inputs.count) else {")
            line(
                "\(indent)    throw .invalidArgs(\"\(method.name) takes (\(method.inputs.map(\.type).joined())), not \\(arguments.count) values\")"
            )
            line("\(indent)}")
        }
        for (index, input) in inputs.enumerated() {
            decode(
                "arguments[\(index)]", into: input.name, input.type, what: "\(method.name)'s \(input.label)",
                indent: indent, failure: { ".invalidArgs(\($0))" })
        }
        let passed = inputs.map { "\($0.label): \($0.name)" }
        if method.isWrite {
            line(
                "\(indent)object.\(name)(\((passed + ["reply: \(namespace).\(method.name)Answer(reply)"]).joined(separator: ", ")))"
            )
        } else if outputs.isEmpty {
            line("\(indent)try object.\(name)(\(passed.joined(separator: ", ")))")
            line("\(indent)reply.succeed([])")
        } else {
            // A read with outputs returns them marshalled (see emitPrepared).
            line("\(indent)reply.succeed(body: try object.\(name)(\(passed.joined(separator: ", "))).body)")
        }
        line("                        } catch {")
        line("                            reply.fail(error)")
        line("                        }")
        line("                    }),")
    }

    /// The arguments' types as a Swift array of signature literals.
    private static func types(_ arguments: [ContractArgument]) -> String {
        "[" + arguments.map { SwiftNames.literal($0.type) }.joined(separator: ", ") + "]"
    }
}
