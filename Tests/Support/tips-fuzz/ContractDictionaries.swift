import DBus

/// The `a{sv}` dictionary types of the contract, each key with its type, as the generated code declares
/// them (their `org.feels.Tips.Dictionary.TYPE.KEY` annotations, "SIGNATURE DOCUMENTATION"): the options the fuzzer
/// sends, and the shape the service's dictionaries must have.
struct ContractDictionaries {
    /// One key of a dictionary type.
    struct Key: Equatable {
        /// Its type, such as `as`.
        let signature: String
        /// Whether a dictionary may lack it.
        let optional: Bool
        /// For `a{sv}` and `aa{sv}`, the dictionary type it holds.
        let dictionary: String?
    }

    /// What a typed argument or key says about the dictionary it holds, from `TYPE` or `TYPE?`.
    struct Reference: Equatable {
        /// The dictionary type.
        let type: String
        /// Whether an empty dictionary stands for none.
        let mayBeEmpty: Bool

        init?(_ text: String?) {
            guard let text, !text.isEmpty else { return nil }
            mayBeEmpty = text.hasSuffix("?")
            type = mayBeEmpty ? String(text.dropLast()) : text
        }
    }

    /// The annotation naming the dictionary type of an argument.
    static let argumentAnnotation = "org.feels.Tips.Dictionary"
    private static let keyPrefix = argumentAnnotation + "."

    /// Every type, by name, with its keys by name.
    private(set) var types: [String: [String: Key]] = [:]

    /// The dictionary types declared on `interfaces`.
    init(_ interfaces: [ServiceSurface.Interface]) {
        for (name, value) in interfaces.flatMap(\.annotations) where name.hasPrefix(Self.keyPrefix) {
            let path = name.dropFirst(Self.keyPrefix.count).split(separator: ".")
            guard let type = path.first.map(String.init) else { continue }
            if types[type] == nil { types[type] = [:] }
            guard path.count == 2 else { continue }
            var declared = String(value.prefix { $0 != " " })
            let optional = declared.hasSuffix("?")
            if optional { declared.removeLast() }
            let parts = declared.split(separator: ":", maxSplits: 1).map(String.init)
            types[type]?[String(path[1])] = Key(
                signature: parts.first ?? "", optional: optional, dictionary: parts.count == 2 ? parts[1] : nil)
        }
    }

    /// The first key of `dictionary` (its last entry, when a key repeats, as the service reads it) whose value is not
    /// of the type `type` declares for it; `nil` when every known key is well typed. Unknown keys do not count.
    func mistypedKey(in dictionary: DBusValue, of type: String) -> String? {
        guard let keys = types[type], let entries = dictionary.vardictValue else { return nil }
        return entries.keys.sorted().first { name in
            guard let key = keys[name], let value = entries[name] else { return false }
            return key.signature != "v" && value.signature.rawValue != key.signature
        }
    }

    /// What is wrong with `value` as a dictionary `reference` names, as the service sends it: a key missing, one of
    /// another type, or one the contract does not document; `nil` when nothing is.
    func problem(with value: DBusValue, as reference: Reference) -> String? {
        guard let keys = types[reference.type] else { return "no dictionary type '\(reference.type)' in the contract" }
        guard let entries = value.vardictValue else { return "\(reference.type) is '\(value.signature)', not a{sv}" }
        if entries.isEmpty, reference.mayBeEmpty { return nil }
        for (name, key) in keys.sorted(by: { $0.key < $1.key }) {
            guard let found = entries[name] else {
                if key.optional { continue }
                return "\(reference.type) lacks '\(name)'"
            }
            guard key.signature == "v" || found.signature.rawValue == key.signature else {
                return "\(reference.type)'s '\(name)' is '\(found.signature)', not '\(key.signature)'"
            }
            if let inner = key.dictionary.flatMap(Reference.init) {
                let dictionaries = key.signature == "aa{sv}" ? found.arrayValue ?? [] : [found]
                if let problem = dictionaries.lazy.compactMap({ self.problem(with: $0, as: inner) }).first {
                    return problem
                }
            }
        }
        if let undocumented = entries.keys.sorted().first(where: { keys[$0] == nil }) {
            return "\(reference.type) carries '\(undocumented)', which the contract does not document"
        }
        return nil
    }
}
