@testable import DBus

extension DBusValue {
    /// Whether this value and `other` are the same on the wire: `==` but for doubles, compared by their bits, so that
    /// NaN is itself and -0.0 is not 0.0.
    func isIdentical(to other: DBusValue) -> Bool {
        switch (self, other) {
        case (.double(let one), .double(let two)):
            return one.bitPattern == two.bitPattern
        case (.array(let one, let these), .array(let two, let those)):
            return one == two && these.isIdentical(to: those)
        case (.dictionary(let key, let value, let these), .dictionary(let otherKey, let otherValue, let those)):
            return key == otherKey && value == otherValue && these.count == those.count
                && zip(these, those).allSatisfy { $0.key.isIdentical(to: $1.key) && $0.value.isIdentical(to: $1.value) }
        case (.structure(let these), .structure(let those)):
            return these.isIdentical(to: those)
        case (.variant(let one), .variant(let two)):
            return one.isIdentical(to: two)
        default:
            return self == other
        }
    }
}

extension [DBusValue] {
    /// Whether the two lists hold identical values (``DBusValue/isIdentical(to:)``) in the same order.
    func isIdentical(to other: [DBusValue]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.isIdentical(to: $1) }
    }
}
