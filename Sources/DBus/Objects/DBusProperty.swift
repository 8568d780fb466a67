/// A read-only property of an exported interface, read through `get`; `Set` answers it with
/// `org.freedesktop.DBus.Error.PropertyReadOnly`.
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

    /// Creates a property.
    ///
    /// - Parameters:
    ///   - name: The property name.
    ///   - signature: A single complete type.
    ///   - get: Returns the current value.
    public init(name: MemberName, signature: DBusSignature, get: @escaping () -> DBusValue) {
        self.name = name
        self.signature = signature
        self.get = get
    }
}
