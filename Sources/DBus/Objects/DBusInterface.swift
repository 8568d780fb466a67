/// One interface of an exported object: a table of its methods, properties and signals.
public struct DBusInterface {
    /// The interface name, versioned by convention (`org.feels.Tips1`).
    public var name: InterfaceName
    /// The methods, in introspection order.
    public var methods: [DBusMethod]
    /// The properties, in introspection order.
    public var properties: [DBusProperty]
    /// The signals, in introspection order.
    public var signals: [DBusSignalDescription]
    /// Annotations on the interface itself.
    public var annotations: [DBusAnnotation]
    /// While it gives an error, every call of one of the interface's methods, and every `Properties` call that
    /// reads or writes its properties, is answered with that error instead (once the call is routed: an unknown
    /// member still gets its own error). For an object that cannot serve yet but should say why.
    public var refusal: (() -> DBusMethodError?)?

    /// Creates an interface.
    public init(
        name: InterfaceName, methods: [DBusMethod] = [], properties: [DBusProperty] = [],
        signals: [DBusSignalDescription] = [], annotations: [DBusAnnotation] = [],
        refusal: (() -> DBusMethodError?)? = nil
    ) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
        self.annotations = annotations
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
