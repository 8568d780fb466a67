/// An introspection annotation, such as `org.freedesktop.DBus.Deprecated` = `true`.
public struct DBusAnnotation: Hashable, Sendable {
    /// The annotation name.
    public var name: String
    /// The annotation value.
    public var value: String

    /// Creates an annotation.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `org.freedesktop.DBus.Deprecated` = `true`.
    public static let deprecated = DBusAnnotation("org.freedesktop.DBus.Deprecated", "true")
    /// `org.freedesktop.DBus.Method.NoReply` = `true`.
    public static let noReply = DBusAnnotation("org.freedesktop.DBus.Method.NoReply", "true")
}
