import DBus
import TipsInterface

/// What the service serves: the nodes of its object tree, learned from its own introspection at the start of a run,
/// and at each object the interfaces with their methods and properties; the contract's interfaces as the generated
/// tables declare them (inputs, outputs, and the dictionary types of their `a{sv}` arguments), held to what the
/// service introspects as.
struct ServiceSurface {
    /// One argument of a method: its type, and the dictionary type an `a{sv}` or `aa{sv}` holds.
    struct Argument: Equatable {
        let signature: String
        let dictionary: ContractDictionaries.Reference?
    }

    /// One method: its name and the signature of its inputs; for the contract's, each input and output.
    struct Method: Equatable {
        let name: String
        let inputs: String
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
        /// Whether it is one of the contract's, as generated from it.
        var isContract = false
    }

    /// The standard interfaces every node answers, which the routing treats apart.
    static let peer = "org.freedesktop.DBus.Peer"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"

    /// The contract's interfaces, as generated from it (the tables alone, serving nothing).
    static var contract: [DBusInterface] { [Tips1.definition(serving: nil), Tips1Testing.definition(serving: nil)] }

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
        return Self.contract.map(\.name.rawValue).filter { !served.contains($0) }
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
        guard let table = Self.contract.first(where: { $0.name.rawValue == served.name }) else { return served }
        let contract = Self.interface(table)
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

    /// An interface of the contract as its generated table declares it.
    static func interface(_ table: DBusInterface) -> Interface {
        func arguments(_ list: [DBusArgument]) -> [Argument] {
            list.map { argument in
                let type = argument.annotations.first { $0.name == ContractDictionaries.argumentAnnotation }?.value
                return Argument(signature: argument.signature.rawValue, dictionary: .init(type))
            }
        }
        return Interface(
            name: table.name.rawValue,
            methods: table.methods.map { method in
                Method(
                    name: method.name.rawValue, inputs: method.inputs.map(\.signature.rawValue).joined(),
                    arguments: arguments(method.inputs), outputs: arguments(method.outputs))
            },
            properties: table.properties.map {
                Property(name: $0.name.rawValue, type: $0.signature.rawValue, writable: $0.access == .readWrite)
            },
            isContract: true)
    }

    /// Every interface, method and property name the service declares, for the planner's vocabulary.
    var interfaces: [Interface] {
        objects.keys.sorted().flatMap { objects[$0] ?? [] }
    }

    /// Reads the interfaces and child node names of an introspection document; attributes are taken as written, which
    /// holds for the names and signatures a service declares.
    static func parse(_ document: String) -> (interfaces: [Interface], children: [String]) {
        var interfaces: [Interface] = []
        var children: [String] = []
        var method: (name: String, inputs: String)?
        var depth = 0
        for piece in document.split(separator: "<").dropFirst() {
            let tag = piece.prefix { $0 != ">" }
            let name = attribute("name", in: tag)
            if tag.hasPrefix("node ") {
                if depth > 0, let name { children.append(name) }
            } else if tag.hasPrefix("node") {
                depth += 1
            } else if tag.hasPrefix("interface "), let name {
                interfaces.append(Interface(name: name))
            } else if tag.hasPrefix("method "), let name {
                method = (name, "")
                if tag.hasSuffix("/") { closeMethod(&method, into: &interfaces) }
            } else if tag.hasPrefix("arg "), method != nil, let type = attribute("type", in: tag) {
                if (attribute("direction", in: tag) ?? "in") == "in" { method?.inputs += type }
            } else if tag.hasPrefix("/method") {
                closeMethod(&method, into: &interfaces)
            } else if tag.hasPrefix("property "), !interfaces.isEmpty, let name, let type = attribute("type", in: tag) {
                let writable = (attribute("access", in: tag) ?? "read").contains("write")
                interfaces[interfaces.count - 1].properties.append(Property(name: name, type: type, writable: writable))
            }
        }
        return (interfaces, children)
    }

    private static func closeMethod(_ method: inout (name: String, inputs: String)?, into interfaces: inout [Interface])
    {
        guard let open = method, !interfaces.isEmpty else { return }
        interfaces[interfaces.count - 1].methods.append(Method(name: open.name, inputs: open.inputs))
        method = nil
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.firstRange(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        return String(rest.prefix { $0 != "\"" })
    }
}
