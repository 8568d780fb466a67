/// A value with one canonical spelling for replies, logs and explanations: kebab-case (`action-performed`,
/// `mood-log-count`), whatever its Swift name and the datastore's spelling (`actionPerformed`).
public protocol KebabSpelled: RawRepresentable where RawValue == String {}

extension KebabSpelled {
    /// The value as every reply spells it: `actionPerformed` → `action-performed`.
    public var spelling: String {
        // Raw values are ASCII camelCase. Bytes, not Unicode scalars and `lowercased()`: every tip in a reply spells
        // its rules, and the Unicode path runs far more of the standard library for the same result.
        let source = rawValue.utf8
        return String(unsafeUninitializedCapacity: source.count * 2) { buffer in
            var count = 0
            for byte in source {
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                    if count > 0 {
                        buffer[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    buffer[count] = byte - UInt8(ascii: "A") + UInt8(ascii: "a")
                } else {
                    buffer[count] = byte
                }
                count += 1
            }
            return count
        }
    }
}

extension InvalidationReason: KebabSpelled {}
extension TipParameter: KebabSpelled {}
