import TipsCore

/// How the engine's values are spelled on the bus: one casing for every wire value, kebab-case
/// (`action-performed`, `mood-log-count`), however the engine and the datastore spell them.
enum WireValue {
    /// `actionPerformed` → `action-performed`.
    static func kebab(_ camel: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(camel.unicodeScalars.count + 4)
        for scalar in camel.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                if !result.isEmpty { result += "-" }
                result.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func name(of reason: InvalidationReason) -> String {
        kebab(reason.rawValue)
    }

    static func name(of parameter: TipParameter) -> String {
        kebab(parameter.rawValue)
    }
}
