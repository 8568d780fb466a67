/// A property of an exported interface, read through `get` and written through `set`.
///
/// What `PropertiesChanged` says of it (`org.freedesktop.DBus.Property.EmitsChangedSignal` in the introspection) is
/// up to the code that changes it: ``DBusConnection/emitPropertiesChanged(path:interface:changed:invalidated:)``.
public struct DBusProperty {
    /// The property name (UpperCamel by convention).
    public var name: MemberName
    /// The property's type, a single complete type.
    public var signature: DBusSignature
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
    ///   - get: Returns the current value.
    ///   - set: Stores a new value; `nil` for a read-only property.
    public init(
        name: MemberName, signature: DBusSignature, get: @escaping () -> DBusValue,
        set: ((DBusValue) throws(DBusMethodError) -> Void)? = nil
    ) {
        self.name = name
        self.signature = signature
        self.get = get
        self.set = set
    }
}
