import DBus
import TipsInterface

/// What the service serves: the nodes of its object tree, learned from its own introspection at the start of a run,
/// and at each object the interfaces with their methods and properties; the contract's interfaces as the generated
/// code states them (inputs, outputs, and the dictionary types of their `a{sv}` arguments), held to what the
/// service introspects as.
struct ServiceSurface {
    /// One argument of a method: its type, and the dictionary type an `a{sv}` or `aa{sv}` holds.
    struct Argument: Equatable {
        let signature: String
        var dictionary: ContractDictionaries.Reference?
    }

    /// One method: its name and the signature of its inputs; for the contract's, each input and output.
    struct Method: Equatable {
        let name: String
        var inputs = ""
        var arguments: [Argument] = []
        var outputs: [Argument] = []
    }

    /// One property: its name, type and whether it can be set.
    struct Property: Equatable {
        let name: String
        let type: String
        let writable: Bool
    }

    /// One interface of an object.
    struct Interface: Equatable {
        let name: String
        var methods: [Method] = []
        var properties: [Property] = []
        /// The annotations of the interface itself, by name.
        var annotations: [String: String] = [:]
        /// Whether it is one of the contract's, as generated from it.
        var isContract = false
    }

    /// The standard interfaces every node answers, which the routing treats apart.
    static let peer = "org.freedesktop.DBus.Peer"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"

    /// The contract's interfaces, as the generated code shows them to `Introspect`.
    static let contract = parse(Tips1.introspection + Tips1Testing.introspection).interfaces.map { interface in
        var contracted = interface
        contracted.isContract = true
        return contracted
    }

    /// Every path that answers `Introspect`.
    var nodes: Set<String> = []
    /// The interfaces of each object, standard ones left out; a node without interfaces of its own is no object.
    var objects: [String: [Interface]] = [:]
    /// The contract's dictionary types.
    let dictionaries = ContractDictionaries(contract)
    /// Where what the service introspects as differs from the contract, a line each.
    private(set) var differences: [String] = []
    /// The contract's interfaces the service does not serve (the testing switches without `--testing`).
    var unserved: [String] {
        let served = Set(interfaces.map(\.name))
        return Self.contract.map(\.name).filter { !served.contains($0) }
    }

    /// Walks the tree from `/` with `Introspect`, and takes each of the contract's interfaces it finds from the
    /// contract, noting where the service's differs.
    ///
    /// - Throws: `DBusError` when a call fails, or `.invalidMessage` when a document cannot be read.
    static func learn(from connection: DBusConnection, destination: BusName) throws(DBusError) -> ServiceSurface {
        var surface = ServiceSurface()
        var queue = ["/"]
        while let path = queue.popLast() {
            let reply = try connection.call(
                destination: destination, path: try ObjectPath(path), interface: "org.freedesktop.DBus.Introspectable",
                member: "Introspect", timeout: .seconds(30))
            guard let document = reply.first?.stringValue else { throw .invalidMessage("Introspect gave no string") }
            let (interfaces, children) = parse(document)
            surface.nodes.insert(path)
            let own = interfaces.filter { ![peer, introspectable, properties].contains($0.name) }
            if interfaces.contains(where: { $0.name == properties }) || !own.isEmpty {
                surface.objects[path] = own.map { surface.contracted($0, at: path) }
            }
            queue += children.map { path == "/" ? "/" + $0 : path + "/" + $0 }
        }
        return surface
    }

    /// The contract's interface of the name `served` has, noting where `served` differs from it; `served` itself
    /// when the contract has no such interface.
    private mutating func contracted(_ served: Interface, at path: String) -> Interface {
        guard let contract = Self.contract.first(where: { $0.name == served.name }) else { return served }
        let methods = { (interface: Interface) in interface.methods.map { "\($0.name)(\($0.inputs))" } }
        if methods(served) != methods(contract) {
            differences.append(
                "\(served.name) at \(path): methods \(methods(served)), the contract's \(methods(contract))")
        }
        if served.properties != contract.properties {
            differences.append(
                "\(served.name) at \(path): properties \(served.properties), the contract's \(contract.properties)")
        }
        return contract
    }

    /// Every interface, method and property name the service declares, for the planner's vocabulary.
    var interfaces: [Interface] {
        objects.keys.sorted().flatMap { objects[$0] ?? [] }
    }

    /// Reads the interfaces and child node names of an introspection document, or of `<interface>` elements alone;
    /// attributes are taken as written, which holds for the names, signatures and dictionary types read here.
    static func parse(_ document: String) -> (interfaces: [Interface], children: [String]) {
        var interfaces: [Interface] = []
        var children: [String] = []
        var method: Method?
        var argument: (value: Argument, isOutput: Bool)?
        var inMember = false
        var depth = 0
        func closeArgument() {
            guard let (value, isOutput) = argument else { return }
            argument = nil
            if isOutput {
                method?.outputs.append(value)
            } else {
                method?.inputs += value.signature
                method?.arguments.append(value)
            }
        }
        func closeMember() {
            inMember = false
            guard let open = method, !interfaces.isEmpty else { return }
            interfaces[interfaces.count - 1].methods.append(open)
            method = nil
        }
        for piece in document.split(separator: "<").dropFirst() {
            let tag = piece.prefix { $0 != ">" }
            let name = attribute("name", in: tag)
            let isEmpty = tag.hasSuffix("/")
            if tag.hasPrefix("node ") {
                if depth > 0, let name { children.append(name) }
            } else if tag.hasPrefix("node") {
                depth += 1
            } else if tag.hasPrefix("interface "), let name {
                interfaces.append(Interface(name: name))
            } else if tag.hasPrefix("method "), let name {
                method = Method(name: name)
                inMember = true
                if isEmpty { closeMember() }
            } else if tag.hasPrefix("signal ") || tag.hasPrefix("property ") {
                inMember = !isEmpty
                if tag.hasPrefix("property "), !interfaces.isEmpty, let name, let type = attribute("type", in: tag) {
                    let writable = (attribute("access", in: tag) ?? "read").contains("write")
                    interfaces[interfaces.count - 1].properties.append(
                        Property(name: name, type: type, writable: writable))
                }
            } else if tag.hasPrefix("arg "), method != nil, let type = attribute("type", in: tag) {
                argument = (Argument(signature: type), attribute("direction", in: tag) == "out")
                if isEmpty { closeArgument() }
            } else if tag.hasPrefix("/arg") {
                closeArgument()
            } else if tag.hasPrefix("/method") || tag.hasPrefix("/signal") || tag.hasPrefix("/property") {
                closeMember()
            } else if tag.hasPrefix("annotation "), let name {
                // The value is the annotation's other attribute, the last one: its attribute's name is a key of the
                // contract's, which no literal outside the generated code may spell.
                let value = String(tag.dropLast(isEmpty ? 2 : 1).reversed().prefix { $0 != "\"" }.reversed())
                if argument != nil, name == ContractDictionaries.argumentAnnotation {
                    argument?.value.dictionary = .init(value)
                } else if !inMember, !interfaces.isEmpty {
                    interfaces[interfaces.count - 1].annotations[name] = value
                }
            }
        }
        return (interfaces, children)
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.firstRange(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        return String(rest.prefix { $0 != "\"" })
    }
}
