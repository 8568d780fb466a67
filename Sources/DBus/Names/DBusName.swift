import CDBus

/// What the typed names and paths of D-Bus share: text checked on creation, so that a value can always go on the wire
/// (libdbus aborts the process on an invalid one).
public protocol DBusName: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The validated text.
    var rawValue: String { get }

    /// Validates `text` against the D-Bus specification.
    ///
    /// - Throws: `DBusError` naming the kind of name `text` is not.
    init(_ text: String) throws(DBusError)
}

extension DBusName {
    /// Compares by text, so sorted lists of names are deterministic.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The text of the name.
    public var description: String { rawValue }

    /// Creates a value from a literal, which must be valid (checked with a precondition).
    ///
    /// Beware: `T("literal")` also resolves to this initializer and traps on invalid text; pass a `String` variable
    /// to `init(_:)` to get a thrown error instead.
    public init(stringLiteral value: String) {
        do {
            try self.init(value)
        } catch {
            preconditionFailure("Invalid literal: \(error)")
        }
    }
}

/// Why libdbus's `validate` refuses `text`, or `nil` when it accepts it. Text with NUL, which its C string would cut
/// short, is refused without asking.
func nameProblem(
    _ text: String, _ validate: (UnsafePointer<CChar>?, UnsafeMutablePointer<CDBus.DBusError>?) -> dbus_bool_t
)
    -> String?
{
    if text.containsNUL { return "contains a NUL character" }
    // libdbus says only that a name is not valid, never which rule it breaks.
    return text.withCString { validate($0, nil) } != 0 ? nil : "breaks the D-Bus specification's rules"
}
