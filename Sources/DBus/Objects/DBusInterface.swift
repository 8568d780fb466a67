/// One interface of an exported object: a table of its methods and properties, and the XML that describes it.
public struct DBusInterface {
    /// The interface name, versioned by convention (`org.feels.Tips1`).
    public var name: InterfaceName
    /// The interface's `<interface>` element, which `Introspect` shows as it is: indented as inside a `<node>` (2
    /// spaces a level), ending with a newline. It describes the methods and properties below and the signals the
    /// object emits, with their argument names and annotations; written from the same source as the table (ours are
    /// generated from the contract's XML, as gdbus-codegen embeds its introspection data).
    public var introspection: String
    /// The methods.
    public var methods: [DBusMethod]
    /// The properties, in the order `GetAll` lists them.
    public var properties: [DBusProperty]
    /// While it gives an error, every call of one of the interface's methods, and every `Properties` call that
    /// reads or writes its properties, is answered with that error instead (once the call is routed: an unknown
    /// member still gets its own error). For an object that cannot serve yet but should say why.
    public var refusal: (() -> DBusMethodError?)?

    /// Creates an interface.
    public init(
        name: InterfaceName, introspection: String, methods: [DBusMethod] = [], properties: [DBusProperty] = [],
        refusal: (() -> DBusMethodError?)? = nil
    ) {
        self.name = name
        self.introspection = introspection
        self.methods = methods
        self.properties = properties
        self.refusal = refusal
    }

    /// The method named `member`, if any.
    public func method(named member: MemberName) -> DBusMethod? {
        methods.first { $0.name == member }
    }

    /// The property named `name`, if any.
    public func property(named name: String) -> DBusProperty? {
        properties.first { $0.name.rawValue == name }
    }
}
