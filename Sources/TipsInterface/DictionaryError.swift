import DBus

/// A dictionary (`a{sv}`) that is not what the contract says: a key missing, or of another type.
public struct DictionaryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The contract's name for the dictionary type (`Tip`), or the interface for its properties.
    public var dictionary: String
    /// The key at fault.
    public var key: String
    /// What is wrong with it: "is missing", "is 's', not 'u'".
    public var problem: String

    /// An error about one key.
    public init(dictionary: String, key: String, problem: String) {
        self.dictionary = dictionary
        self.key = key
        self.problem = problem
    }

    /// An error about a value that is no dictionary at all.
    public init(_ problem: String) {
        self.init(dictionary: "", key: "", problem: problem)
    }

    /// "Tip key 'held_until' is missing".
    public var description: String {
        dictionary.isEmpty ? problem : "\(dictionary) key '\(key)' \(problem)"
    }
}

extension DBusValue {
    /// The `a{sv}` dictionary this value is, read by `decode`; `nil` when it is no such dictionary.
    ///
    /// - Throws: What `decode` throws.
    public func dictionary<Dictionary>(
        _ decode: ([String: DBusValue]) throws(DictionaryError) -> Dictionary
    ) throws(DictionaryError) -> Dictionary? {
        guard let entries = vardictValue else { return nil }
        return try decode(entries)
    }

    /// The `aa{sv}` dictionaries this array holds, each read by `decode`; `nil` when it is no such array.
    ///
    /// - Throws: What `decode` throws, or `DictionaryError` for an element that is no `a{sv}`.
    public func dictionaries<Dictionary>(
        _ decode: ([String: DBusValue]) throws(DictionaryError) -> Dictionary
    ) throws(DictionaryError) -> [Dictionary]? {
        guard case .array(let element, let values) = self, element == "a{sv}" else { return nil }
        var decoded: [Dictionary] = []
        decoded.reserveCapacity(values.count)
        for value in values {
            guard let entries = value.vardictValue else { throw DictionaryError("an element is not an a{sv}") }
            decoded.append(try decode(entries))
        }
        return decoded
    }
}
