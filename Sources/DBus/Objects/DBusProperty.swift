/// A property of an exported interface, read through `get` and written through `set`.
public struct DBusProperty {
    /// What `PropertiesChanged` says when the property changes, the
    /// `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation.
    public enum EmitsChangedSignal: Sendable {
        /// The signal carries the new value (the default, not annotated).
        case `true`
        /// No signal is emitted.
        case `false`
        /// The signal lists the property as invalidated, without its value.
        case invalidates
        /// The property never changes.
        case const
    }

    /// The property name (UpperCamel by convention).
    public var name: MemberName
    /// The property's type, a single complete type.
    public var signature: DBusSignature
    /// What `PropertiesChanged` says about the property.
    public var emitsChangedSignal: EmitsChangedSignal
    /// Returns the current value; a value of another signature makes the caller get `Failed`.
    public var get: () -> DBusValue
    /// Stores a new value (already checked against `signature`), or throws the D-Bus error to answer with; `nil` for a
    /// read-only property, which `Set` answers with `org.freedesktop.DBus.Error.PropertyReadOnly`.
    ///
    /// The setter is responsible for emitting `PropertiesChanged` when the value changes.
    public var set: ((DBusValue) throws(DBusMethodError) -> Void)?

    /// Creates a property; it is read-write exactly when `set` is given.
    ///
    /// - Parameters:
    ///   - name: The property name.
    ///   - signature: A single complete type.
    ///   - emitsChangedSignal: What `PropertiesChanged` says about it; `.true` by default.
    ///   - get: Returns the current value.
    ///   - set: Stores a new value; `nil` for a read-only property.
    public init(
        name: MemberName, signature: DBusSignature, emitsChangedSignal: EmitsChangedSignal = .true,
        get: @escaping () -> DBusValue,
        set: ((DBusValue) throws(DBusMethodError) -> Void)? = nil
    ) {
        self.name = name
        self.signature = signature
        self.emitsChangedSignal = emitsChangedSignal
        self.get = get
        self.set = set
    }
}
