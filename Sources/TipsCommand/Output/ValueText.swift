import DBus
import TipsInterface

/// D-Bus values as short text for people: `3`, `true`, `daily`, `''`.
public enum ValueText {
    /// `NextDisplayTime`: an instant, and 0 for now.
    static let nextDisplayTime = Tips1.Property.nextDisplayTime.name.rawValue

    /// Properties and keys whose values are instants in microseconds since the epoch, 0 meaning none (or now).
    public static let instantNames: Set<String> = [
        nextDisplayTime, Tips1.Tip.Key.firstDisplayed.rawValue, Tips1.Tip.Key.lastDisplayed.rawValue,
        Tips1.Tip.Key.notifiedAt.rawValue, Tips1.Tip.Key.heldUntil.rawValue,
    ]

    /// A value as text: numbers and booleans as they are, strings bare, arrays and dictionaries as a list.
    public static func plain(_ value: DBusValue) -> String {
        switch value {
        case .byte(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .int16(let number): String(number)
        case .uint16(let number): String(number)
        case .int32(let number): String(number)
        case .uint32(let number): String(number)
        case .int64(let number): String(number)
        case .uint64(let number): String(number)
        case .double(let number): "\(number)"
        case .string(let text): text
        case .objectPath(let path): path.rawValue
        case .signature(let signature): signature.rawValue
        case .variant(let content): plain(content)
        case .array(_, let elements): "[" + elements.map(plain).joined(separator: ", ") + "]"
        case .structure(let fields): "(" + fields.map(plain).joined(separator: ", ") + ")"
        case .dictionary(_, _, let entries):
            "{" + entries.map { "\(plain($0.key)): \(plain($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// `name=value` for a line of `watch`: an empty string or one with spaces in single quotes, an instant as local
    /// ISO 8601 (`NextDisplayTime` 0 as `now`, other instants 0 as `never`).
    public static func assignment(_ name: String, _ value: DBusValue) -> String {
        if instantNames.contains(name), let microseconds = value.int64Value {
            let text =
                microseconds != 0
                ? LocalTime.iso8601(microseconds) : name == nextDisplayTime ? "now" : "never"
            return "\(name)=\(text)"
        }
        let text = plain(value)
        let needsQuotes = value.stringValue != nil && (text.isEmpty || text.contains(" ") || text.contains("'"))
        return "\(name)=" + (needsQuotes ? "'\(text)'" : text)
    }
}
