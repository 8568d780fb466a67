/// The contract as the introspection XML states it: interfaces with their methods, signals and properties, each
/// with its annotations, read by ``ContractParser``.
struct Contract {
    var interfaces: [ContractInterface] = []
}

/// An annotation: a name and a value.
struct ContractAnnotation {
    var name: String
    var value: String
}

/// Something that carries annotations.
protocol Annotated {
    var annotations: [ContractAnnotation] { get }
}

extension Annotated {
    /// The value of the annotation named `name`, if present.
    func annotation(_ name: String) -> String? {
        annotations.first { $0.name == name }?.value
    }

    /// `org.gtk.GDBus.DocString`, or `""`.
    var documentation: String {
        annotation("org.gtk.GDBus.DocString") ?? ""
    }
}

/// One interface.
struct ContractInterface: Annotated {
    var name: String
    var annotations: [ContractAnnotation] = []
    var methods: [ContractMethod] = []
    var signals: [ContractSignal] = []
    var properties: [ContractProperty] = []
}

/// One method.
struct ContractMethod: Annotated {
    var name: String
    var annotations: [ContractAnnotation] = []
    var inputs: [ContractArgument] = []
    var outputs: [ContractArgument] = []

    /// Whether it is a write: ordered and answered once durable.
    var isWrite: Bool { annotation("org.feels.Tips.Write") == "true" }
}

/// One signal.
struct ContractSignal: Annotated {
    var name: String
    var annotations: [ContractAnnotation] = []
    var arguments: [ContractArgument] = []
}

/// One property.
struct ContractProperty: Annotated {
    var name: String
    var type: String
    var access: String
    var annotations: [ContractAnnotation] = []

    /// `org.freedesktop.DBus.Property.EmitsChangedSignal`, `true` by default.
    var emitsChangedSignal: String {
        annotation("org.freedesktop.DBus.Property.EmitsChangedSignal") ?? "true"
    }
}

/// One argument of a method or a signal.
struct ContractArgument: Annotated {
    var name: String
    var type: String
    var annotations: [ContractAnnotation] = []

    /// The dictionary type its `a{sv}` or `aa{sv}` holds, if it names one.
    var dictionary: String? { annotation("org.feels.Tips.Dictionary") }
}

/// A dictionary type declared on an interface (`org.feels.Tips.Dictionary.TYPE`), with its keys.
struct ContractDictionary {
    /// One key: its name, signature, the dictionary type it holds (for `a{sv}:T` and `aa{sv}:T`), whether it may be
    /// missing (a signature ending in `?`), and its documentation.
    struct Key {
        var name: String
        var signature: String
        var nested: String?
        var optional: Bool
        var documentation: String
    }

    var name: String
    var documentation: String
    var keys: [Key] = []
}

extension ContractInterface {
    static let dictionaryPrefix = "org.feels.Tips.Dictionary."
    static let errorPrefix = "org.feels.Tips.Error."

    /// The dictionary types it declares, in the order of their first annotation.
    func dictionaries() throws(ContractError) -> [ContractDictionary] {
        var found: [ContractDictionary] = []
        for annotation in annotations where annotation.name.hasPrefix(Self.dictionaryPrefix) {
            let path = annotation.name.dropFirst(Self.dictionaryPrefix.count).split(separator: ".", maxSplits: 1)
            let type = String(path[0])
            if path.count == 1 {
                guard !found.contains(where: { $0.name == type }) else {
                    throw ContractError("dictionary \(type) is declared twice")
                }
                found.append(ContractDictionary(name: type, documentation: annotation.value))
                continue
            }
            guard let index = found.firstIndex(where: { $0.name == type }) else {
                throw ContractError("key \(annotation.name) comes before its dictionary \(type) is declared")
            }
            let key = String(path[1])
            guard let space = annotation.value.firstIndex(of: " ") else {
                throw ContractError("key \(annotation.name) has no documentation after its signature")
            }
            var signature = String(annotation.value[..<space])
            let documentation = String(annotation.value[annotation.value.index(after: space)...])
            let optional = signature.hasSuffix("?")
            if optional { signature.removeLast() }
            var nested: String?
            if let colon = signature.firstIndex(of: ":") {
                nested = String(signature[signature.index(after: colon)...])
                signature = String(signature[..<colon])
                guard signature == "a{sv}" || signature == "aa{sv}" else {
                    throw ContractError("key \(annotation.name) names a dictionary type for \(signature)")
                }
            }
            found[index].keys.append(
                .init(
                    name: key, signature: signature, nested: nested, optional: optional, documentation: documentation))
        }
        return found
    }

    /// The errors it declares, with what each means.
    var errors: [(name: String, documentation: String)] {
        annotations.filter { $0.name.hasPrefix(Self.errorPrefix) }.map {
            (String($0.name.dropFirst(Self.errorPrefix.count)), $0.value)
        }
    }
}

/// The contract cannot be generated from: the message says what is wrong.
struct ContractError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
