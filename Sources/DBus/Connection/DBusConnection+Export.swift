extension DBusConnection {
    /// Exports `object` at its path: method calls to that path are routed to its interfaces, and the path and its
    /// ancestors answer `Introspect`. Replaces an object already exported at the same path.
    ///
    /// - Parameter object: The object; the connection keeps it until another replaces it or `close()`.
    /// - Throws: `DBusError.disconnected` when the connection is closed.
    public func export(_ object: DBusObject) throws(DBusError) {
        guard raw != nil else { throw .disconnected }
        objects[object.path] = object
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
            interfaces: standard + (object?.interfaces.map(\.introspection) ?? []), children: childNodes(of: path))
    }
}
