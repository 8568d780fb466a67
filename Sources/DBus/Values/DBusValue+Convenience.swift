extension DBusValue {
    /// An `a{sv}` dictionary with each value wrapped in a variant, entries in the given order.
    ///
    /// - Parameter entries: Names and values; values are wrapped in `.variant`.
    public static func vardict(_ entries: [(String, DBusValue)]) -> DBusValue {
        .dictionary(
            key: .string, value: .variant,
            entries.map { DBusDictEntry(key: .string($0.0), value: .variant($0.1)) })
    }

    /// An `a{sv}` dictionary with each value wrapped in a variant, entries sorted by name.
    ///
    /// - Parameter dictionary: Names and values; values are wrapped in `.variant`.
    public static func vardict(_ dictionary: [String: DBusValue]) -> DBusValue {
        vardict(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// An `as` array of strings.
    public static func strings(_ strings: [String]) -> DBusValue {
        .array(.string, strings.map { .string($0) })
    }

    /// The payload of `.byte`, or `nil`.
    public var byteValue: UInt8? { if case .byte(let v) = self { v } else { nil } }
    /// The payload of `.boolean`, or `nil`.
    public var boolValue: Bool? { if case .boolean(let v) = self { v } else { nil } }
    /// The payload of `.int16`, or `nil`.
    public var int16Value: Int16? { if case .int16(let v) = self { v } else { nil } }
    /// The payload of `.uint16`, or `nil`.
    public var uint16Value: UInt16? { if case .uint16(let v) = self { v } else { nil } }
    /// The payload of `.int32`, or `nil`.
    public var int32Value: Int32? { if case .int32(let v) = self { v } else { nil } }
    /// The payload of `.uint32`, or `nil`.
    public var uint32Value: UInt32? { if case .uint32(let v) = self { v } else { nil } }
    /// The payload of `.int64`, or `nil`.
    public var int64Value: Int64? { if case .int64(let v) = self { v } else { nil } }
    /// The payload of `.uint64`, or `nil`.
    public var uint64Value: UInt64? { if case .uint64(let v) = self { v } else { nil } }
    /// The payload of `.double`, or `nil`.
    public var doubleValue: Double? { if case .double(let v) = self { v } else { nil } }
    /// The payload of `.string`, or `nil`.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The payload of `.objectPath`, or `nil`.
    public var objectPathValue: ObjectPath? { if case .objectPath(let v) = self { v } else { nil } }
    /// The payload of `.signature`, or `nil`.
    public var signatureValue: DBusSignature? { if case .signature(let v) = self { v } else { nil } }
    /// The elements of `.array`, or `nil`.
    public var arrayValue: [DBusValue]? { if case .array(_, let v) = self { v } else { nil } }
    /// The entries of `.dictionary`, or `nil`.
    public var dictionaryValue: [DBusDictEntry]? { if case .dictionary(_, _, let v) = self { v } else { nil } }
    /// The fields of `.structure`, or `nil`.
    public var structureValue: [DBusValue]? { if case .structure(let v) = self { v } else { nil } }
    /// The content of `.variant`, or `nil`.
    public var variantValue: DBusValue? { if case .variant(let v) = self { v } else { nil } }

    /// The elements of an `as` array, or `nil` for any other value.
    public var stringArrayValue: [String]? {
        guard case .array(let element, let values) = self, element == .string else { return nil }
        return values.compactMap(\.stringValue)
    }

    /// An `a{sv}` dictionary read as names to unwrapped values, or `nil` for any other value.
    ///
    /// When a name repeats, the last entry wins.
    public var vardictValue: [String: DBusValue]? {
        guard case .dictionary(let key, let value, let entries) = self, key == .string, value == .variant else {
            return nil
        }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            if let name = entry.key.stringValue, let content = entry.value.variantValue {
                result[name] = content
            }
        }
        return result
    }
}
