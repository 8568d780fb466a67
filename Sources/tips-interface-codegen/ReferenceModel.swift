/// The contract as the interface reference presents it: each interface with its members of every kind, its errors
/// and its dictionaries, each dictionary with where it is carried. Read from a ``Contract`` by
/// ``ReferenceInterface/read(_:problems:)``, which also says what lacks its documentation.
struct ReferenceInterface {
    /// A kind of member, in the order the reference lists them.
    enum Kind: CaseIterable {
        case method, signal, property

        /// The heading of its section.
        var title: String {
            switch self {
            case .method: "Methods"
            case .signal: "Signals"
            case .property: "Properties"
            }
        }
    }

    /// A method, signal or property.
    struct Member {
        var name: String
        var doc: String
        var since: String?
        var isWrite = false
        var emits = "true"
        var type = ""
        var access = ""
        var arguments: [Argument] = []
    }

    /// An argument: `IN` or `OUT` for a method's, empty for a signal's.
    struct Argument {
        var direction: String
        var type: String
        var name: String
        var doc: String
        /// The dictionary type an `a{sv}` holds (`Tip`, `Tip?` for one that may be empty), or empty.
        var holds: String
    }

    /// A dictionary type, its keys, and the arguments and keys that carry it.
    struct Dictionary {
        var name: String
        var doc: String
        var keys: [ContractDictionary.Key]
        var carriers: [(inDictionary: Bool, holder: String, argument: String)] = []
    }

    var name: String
    var doc: String
    var short: String
    var since: String?
    var busName: String
    var objectPath: String
    var errors: [(name: String, meaning: String)]
    var dictionaries: [Dictionary]
    var members: [Kind: [Member]]

    static let docString = "org.gtk.GDBus.DocString"
    static let since = "org.gtk.GDBus.Since"
    static let write = "org.feels.Tips.Write"
    static let emits = "org.freedesktop.DBus.Property.EmitsChangedSignal"
    static let busNameAnnotation = "org.feels.Tips.BusName"
    static let objectPathAnnotation = "org.feels.Tips.ObjectPath"
    static let dictionaryAnnotation = "org.feels.Tips.Dictionary"

    /// The annotations the reference shows or deliberately leaves out, on an interface, a member and an argument:
    /// a new one is a decision, not an omission. An interface's errors and dictionaries come on top.
    static let known: (interface: Set<String>, member: Set<String>, argument: Set<String>) = (
        [docString, "org.gtk.GDBus.DocString.Short", since, busNameAnnotation, objectPathAnnotation],
        [docString, since, write, emits],
        [docString, dictionaryAnnotation]
    )

    /// The interfaces of `contract`; what lacks its documentation or carries an unknown annotation goes to
    /// `problems`.
    ///
    /// - Throws: ``ContractError`` when a dictionary is declared wrongly.
    static func read(_ contract: Contract, problems: inout [String]) throws(ContractError) -> [ReferenceInterface] {
        func notes(_ element: some Annotated, _ known: Set<String>, interface: Bool = false, _ what: String) {
            for annotation in element.annotations where !known.contains(annotation.name) {
                let ours =
                    interface
                    && (annotation.name.hasPrefix(ContractInterface.errorPrefix)
                        || annotation.name.hasPrefix(ContractInterface.dictionaryPrefix))
                if !ours {
                    problems.append(
                        "\(what) has the annotation \(annotation.name), which ReferenceInterface.known neither "
                            + "shows nor leaves out; say which")
                }
            }
            if element.documentation.trimmed.isEmpty { problems.append("\(what) has no \(docString)") }
        }
        func arguments(_ list: [ContractArgument], _ direction: String, of what: String) -> [Argument] {
            list.enumerated().compactMap { index, argument in
                guard !argument.name.isEmpty else {
                    problems.append("\(what), argument \(index) has no name")
                    return nil
                }
                notes(argument, known.argument, "\(what), argument \(argument.name)")
                return Argument(
                    direction: direction, type: argument.type, name: argument.name, doc: argument.documentation,
                    holds: argument.dictionary ?? "")
            }
        }
        func member(_ element: some Annotated, _ name: String, _ kind: String) -> Member {
            notes(element, known.member, "\(kind) \(name)")
            return Member(
                name: name, doc: element.documentation, since: element.annotation(since),
                isWrite: element.annotation(write) == "true", emits: element.annotation(emits) ?? "true")
        }

        return try contract.interfaces.map { (element) throws(ContractError) in
            notes(element, known.interface, interface: true, "interface \(element.name)")
            var members: [Kind: [Member]] = [:]
            members[.method] = element.methods.map { method in
                var entry = member(method, method.name, "method")
                let what = "method \(method.name)"
                entry.arguments = arguments(method.inputs, "IN", of: what) + arguments(method.outputs, "OUT", of: what)
                return entry
            }
            members[.signal] = element.signals.map { signal in
                var entry = member(signal, signal.name, "signal")
                entry.arguments = arguments(signal.arguments, "", of: "signal \(signal.name)")
                return entry
            }
            members[.property] = element.properties.map { property in
                var entry = member(property, property.name, "property")
                (entry.type, entry.access) = (property.type, property.access)
                return entry
            }
            var dictionaries = try element.dictionaries().map {
                Dictionary(name: $0.name, doc: $0.documentation.trimmed, keys: $0.keys)
            }
            func carry(_ type: String, _ carrier: (Bool, String, String)) {
                if let index = dictionaries.firstIndex(where: { $0.name == type }) {
                    dictionaries[index].carriers.append(carrier)
                }
            }
            for kind in [Kind.method, .signal] {
                for entry in members[kind] ?? [] {
                    for argument in entry.arguments {
                        carry(argument.holds.withoutMark, (false, entry.name, argument.name))
                    }
                }
            }
            for dictionary in dictionaries {
                if dictionary.doc.isEmpty {
                    problems.append("dictionary \(dictionary.name) of \(element.name) has no documentation")
                }
                for key in dictionary.keys {
                    if key.documentation.trimmed.isEmpty {
                        problems.append("key \(key.name) of dictionary \(dictionary.name) has no documentation")
                    }
                    if let nested = key.nested { carry(nested, (true, dictionary.name, key.name)) }
                }
            }
            return ReferenceInterface(
                name: element.name, doc: element.documentation,
                short: element.annotation("org.gtk.GDBus.DocString.Short") ?? "", since: element.annotation(since),
                busName: element.annotation(busNameAnnotation) ?? "",
                objectPath: element.annotation(objectPathAnnotation) ?? "",
                errors: element.errors.map { ("\(element.name).Error.\($0.name)", $0.documentation) },
                dictionaries: dictionaries, members: members)
        }
    }
}

extension String {
    /// Without white space at either end.
    var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// Without the `?` that marks an optional dictionary or key.
    var withoutMark: String {
        hasSuffix("?") ? String(dropLast()) : self
    }
}
