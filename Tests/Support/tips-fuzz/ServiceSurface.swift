import DBus

/// What the service says it serves, learned from its own introspection at the start of a run: the nodes of its
/// object tree and, at each object, the interfaces with their methods and properties.
struct ServiceSurface {
    /// One method: its name and the signature of its inputs.
    struct Method: Equatable {
        let name: String
        let inputs: String
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
    }

    /// The standard interfaces every node answers, which the routing treats apart.
    static let peer = "org.freedesktop.DBus.Peer"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"

    /// Every path that answers `Introspect`.
    var nodes: Set<String> = []
    /// The interfaces of each object, standard ones left out; a node without interfaces of its own is no object.
    var objects: [String: [Interface]] = [:]

    /// Walks the tree from `/` with `Introspect`.
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
                surface.objects[path] = own
            }
            queue += children.map { path == "/" ? "/" + $0 : path + "/" + $0 }
        }
        return surface
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
