/// A D-Bus error a method handler or property setter answers with.
public struct DBusMethodError: Error, Hashable, Sendable {
    /// The error name sent to the caller.
    public var name: ErrorName
    /// The human-readable message sent to the caller.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - name: The D-Bus error name, such as `org.feels.Tips1.Error.UnknownTip`.
    ///   - message: A human-readable message, user values in single quotes.
    public init(name: ErrorName, message: String) {
        self.name = name
        self.message = message
    }

    /// `org.freedesktop.DBus.Error.Failed`: something unexpected went wrong.
    public static func failed(_ message: String) -> DBusMethodError {
        DBusMethodError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }

    /// `org.freedesktop.DBus.Error.InvalidArgs`: the arguments are wrong.
    public static func invalidArgs(_ message: String) -> DBusMethodError {
        DBusMethodError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownMethod`: no such method.
    public static func unknownMethod(_ message: String) -> DBusMethodError {
        DBusMethodError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownObject`: no object at that path.
    public static func unknownObject(_ message: String) -> DBusMethodError {
        DBusMethodError(name: "org.freedesktop.DBus.Error.UnknownObject", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownInterface`: the object has no such interface.
    public static func unknownInterface(_ message: String) -> DBusMethodError {
        DBusMethodError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownProperty`: the interface has no such property.
    public static func unknownProperty(_ message: String) -> DBusMethodError {
        DBusMethodError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: message)
    }

    /// `org.freedesktop.DBus.Error.PropertyReadOnly`: the property cannot be set.
    public static func propertyReadOnly(_ message: String) -> DBusMethodError {
        DBusMethodError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: message)
    }
}
