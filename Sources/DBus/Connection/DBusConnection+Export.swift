extension DBusConnection {
    /// Exports an object at `path` implementing `interfaces`: method calls to that path are routed to them, and the
    /// path and its ancestors answer `Introspect`. Replaces the interfaces already exported at the same path.
    ///
    /// - Parameters:
    ///   - interfaces: The object's interfaces, in introspection order, which the connection keeps until others replace
    ///     them or `close()`. The standard ones (`Introspectable`, `Properties`, `Peer`) are the connection's: do not
    ///     list them.
    ///   - path: Where the object lives.
    /// - Throws: `DBusError.disconnected` when the connection is closed.
    public func export(_ interfaces: [DBusInterface], at path: ObjectPath) throws(DBusError) {
        guard raw != nil else { throw .disconnected }
        objects[path] = interfaces
    }

    /// The names of the nodes directly below `path` that lead to exported objects, sorted.
    func childNodes(of path: ObjectPath) -> [String] {
        Set(objects.keys.compactMap { path.childElement(toward: $0) }).sorted()
    }

    /// Whether `path` answers `Introspect`: an exported object, an ancestor of one, or the root.
    func isNode(_ path: ObjectPath) -> Bool {
        path == .root || objects[path] != nil || objects.keys.contains { path.isAncestor(of: $0) }
    }

    /// The introspection document `path` answers `Introspect` with: the standard interfaces, the object's own
    /// interfaces and a `<node name="…"/>` per child; `nil` when nothing lives at or below `path`.
    public func introspectionDocument(for path: ObjectPath) -> String? {
        guard isNode(path) else { return nil }
        let object = objects[path]
        let standard =
            [DBusIntrospection.peerAndIntrospectableXML] + (object == nil ? [] : [DBusIntrospection.propertiesXML])
        return DBusIntrospection.document(
            interfaces: standard + (object?.map(\.introspection) ?? []), children: childNodes(of: path))
    }
}
