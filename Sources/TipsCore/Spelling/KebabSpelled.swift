/// A value with one canonical spelling for replies, logs and explanations: kebab-case (`action-performed`,
/// `mood-log-count`), whatever its Swift name and the datastore's spelling (`actionPerformed`).
public protocol KebabSpelled: RawRepresentable where RawValue == String {}

extension KebabSpelled {
    /// The value as every reply spells it: `actionPerformed` → `action-performed`.
    public var spelling: String {
        var result = ""
        result.unicodeScalars.reserveCapacity(rawValue.unicodeScalars.count + 4)
        for scalar in rawValue.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                if !result.isEmpty { result += "-" }
                result.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension InvalidationReason: KebabSpelled {}
extension TipParameter: KebabSpelled {}
