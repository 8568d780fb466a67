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
    /// `org.gtk.GDBus.DocString` = `text`: documentation that `gdbus-codegen --generate-docbook` and D-Feet show.
    public static func documentation(_ text: String) -> DBusAnnotation {
        DBusAnnotation("org.gtk.GDBus.DocString", text)
    }

    /// `org.freedesktop.DBus.Method.NoReply` = `true`.
    public static let noReply = DBusAnnotation("org.freedesktop.DBus.Method.NoReply", "true")
}
