import DBus
import TipsInterface

/// Makes random D-Bus types and values of a given type: edge cases of every basic type, the service's own words,
/// text in every script, empty and nested containers, and in a large message one string or byte array of several
/// MiB. Each message has a budget of bytes its values spend, so that nested containers stay small.
final class RandomValues {
    let dice: Dice
    /// The largest string or array a large message carries, in bytes.
    let largest: Int
    /// What the current message may still spend, in bytes.
    private var budget = 0
    /// Whether the current message is still to get its string or array of several MiB.
    private(set) var large = false

    static let basicCodes = Array("ybnqiuxtdsog")

    init(dice: Dice, largest: Int) {
        self.dice = dice
        self.largest = largest
    }

    /// Starts a message: a few KiB to spend, 64 KiB now and then, and one large value when `large`.
    func startMessage(large: Bool) {
        self.large = large
        budget = dice.chance(0.05) ? 65536 : 4096
    }

    /// A random complete type, containers nested at most `depth` deep.
    func type(depth: Int) -> String {
        guard depth > 0, dice.chance(0.4) else {
            return depth > 0 && dice.chance(0.08) ? "v" : String(dice.pick(Self.basicCodes))
        }
        switch dice.int(0...2) {
        case 0: return "a" + type(depth: depth - 1)
        case 1: return "a{" + String(dice.pick(Self.basicCodes)) + type(depth: depth - 1) + "}"
        default: return "(" + (0..<dice.int(1...3)).map { _ in type(depth: depth - 1) }.joined() + ")"
        }
    }

    /// A type with arrays or structures nested 33 deep, one more than D-Bus allows: the binding must refuse to
    /// send it.
    func tooDeepType() -> String {
        dice.chance(0.5)
            ? String(repeating: "a", count: 33) + "y"
            : String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33)
    }

    /// A value of the complete type `type`.
    func value(of type: Substring) -> DBusValue {
        switch type.first {
        case "v":
            return .variant(value(of: self.type(depth: 2)[...]))
        case "a" where type.dropFirst().first == "{":
            let key = type.dropFirst(2).prefix(1)
            let element = type.dropFirst(3).dropLast()
            let entries = (0..<count()).map { _ in DBusDictEntry(key: value(of: key), value: value(of: element)) }
            return .dictionary(key: signature(key), value: signature(element), entries)
        case "a":
            let element = type.dropFirst()
            if element == "y", large || dice.chance(0.05) { return .array(.byte, bytes().map { .byte($0) }) }
            return .array(signature(element), (0..<count()).map { _ in value(of: element) })
        case "(":
            return .structure(Self.completeTypes(type.dropFirst().dropLast()).map { value(of: $0) })
        default:
            return basic(type.first ?? "s")
        }
    }

    /// A value of the basic type `code`.
    func basic(_ code: Character) -> DBusValue {
        budget -= 8
        switch code {
        case "y": return .byte(UInt8(truncatingIfNeeded: integer()))
        case "b": return .boolean(dice.chance(0.5))
        case "n": return .int16(Int16(truncatingIfNeeded: integer()))
        case "q": return .uint16(UInt16(truncatingIfNeeded: integer()))
        case "i": return .int32(Int32(truncatingIfNeeded: integer()))
        case "u": return .uint32(UInt32(truncatingIfNeeded: integer()))
        case "x": return .int64(integer())
        case "t": return .uint64(UInt64(bitPattern: integer()))
        case "d": return .double(double())
        case "o": return .objectPath(objectPath())
        case "g": return .signature((try? DBusSignature(type(depth: 3))) ?? .empty)
        default: return .string(string())
        }
    }

    /// A number near the edges more often than not: 0, ±1, the limits of each width, the service's day limit.
    func integer() -> Int64 {
        let edges: [Int64] = [
            0, 1, -1, 2, 7, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 36525, 36526, Int64(Int32.max),
            Int64(Int32.min), Int64(UInt32.max), Int64.max, Int64.min,
        ]
        return dice.chance(0.6) ? dice.pick(edges) : Int64(bitPattern: dice.next())
    }

    /// A double, special values included.
    func double() -> Double {
        let specials: [Double] = [
            0, -0.0, 1, -1, .nan, .infinity, -.infinity, .ulpOfOne, .leastNonzeroMagnitude, 1e308,
        ]
        return dice.chance(0.5) ? dice.pick(specials) : Double(bitPattern: dice.next())
    }

    /// A string: empty, a word of the service's, ASCII, any script, one character of many marks, long, or (once in a
    /// large message) several MiB.
    func string() -> String {
        if large, dice.chance(0.5) { return largeString() }
        switch dice.int(0...19) {
        case 0...2: return ""
        case 3...8: return Vocabulary.word(dice)
        case 9...14: return ascii(count: dice.length(upTo: 64))
        case 15...17: return unicode(count: dice.length(upTo: 32))
        case 18: return oneCharacter(marks: spend(dice.length(upTo: 8192), each: 2))
        default: return ascii(count: spend(dice.int(256...65536), each: 1))
        }
    }

    /// The large message's string of several MiB.
    func largeString() -> String {
        large = false
        let piece = dice.pick(["x", "é", "💡", Tips1.Method.logMood.rawValue + " "])
        return String(repeating: piece, count: dice.int(largest / 8...largest) / piece.utf8.count)
    }

    /// A word of the service's followed by `marks` combining marks: a single Character however long, which a cut made
    /// by Characters keeps whole.
    func oneCharacter(marks: Int) -> String {
        var scalars = String.UnicodeScalarView(("x" + Vocabulary.word(dice)).unicodeScalars)
        for _ in 0..<marks {
            scalars.append(Unicode.Scalar(UInt32(dice.int(0x300...0x36F))) ?? "\u{301}")
        }
        return String(scalars)
    }

    /// Printable ASCII, quotes, slashes and dots included.
    func ascii(count: Int) -> String {
        String(decoding: (0..<count).map { _ in UInt8(dice.int(0x20...0x7E)) }, as: UTF8.self)
    }

    /// Unicode scalars from every plane but NUL and the surrogates, which a D-Bus string cannot carry.
    func unicode(count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        // Each length of UTF-8 alike: one, two, three (either side of the surrogates) and four bytes.
        let ranges: [ClosedRange<Int>] = [
            0x01...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF,
        ]
        for _ in 0..<count {
            if let scalar = Unicode.Scalar(UInt32(dice.int(dice.pick(ranges)))) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// A valid object path: the service's own, one of its ancestors, a child it does not have, the bus's, or random
    /// elements.
    func objectPath() -> ObjectPath {
        if dice.chance(0.4), let path = try? ObjectPath(dice.pick(Self.knownPaths)) { return path }
        let count = dice.length(upTo: dice.chance(0.01) ? 300 : 8)
        let elements = (0..<count).map { _ in identifier(count: 1 + dice.length(upTo: 16), digitFirst: true) }
        return (try? ObjectPath("/" + elements.joined(separator: "/"))) ?? .root
    }

    static let knownPaths: [String] = {
        let path = Tips1.objectPath.rawValue
        let elements = path.split(separator: "/")
        let ancestors = (0..<elements.count).map { "/" + elements.prefix($0).joined(separator: "/") }
        return ancestors + [path, path + "/Sub", "/org/freedesktop/DBus"]
    }()

    /// A name element: a letter or underscore first (a digit too when `digitFirst`), then word characters.
    func identifier(count: Int, digitFirst: Bool = false) -> String {
        let rest = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
        let first = digitFirst ? rest : Array(rest.dropLast(10))
        return String([dice.pick(first)] + (1..<max(1, count)).map { _ in dice.pick(rest) })
    }

    /// The complete types of a signature, in order.
    static func completeTypes(_ signature: Substring) -> [Substring] {
        var types: [Substring] = []
        var start = signature.startIndex
        var depth = 0
        for index in signature.indices {
            let code = signature[index]
            if code == "(" || code == "{" { depth += 1 }
            if code == ")" || code == "}" { depth -= 1 }
            if depth == 0, code != "a" {
                types.append(signature[start...index])
                start = signature.index(after: index)
            }
        }
        return types
    }

    private func signature(_ type: Substring) -> DBusSignature {
        (try? DBusSignature(String(type))) ?? .byte
    }

    private func count() -> Int {
        budget > 0 && !dice.chance(0.2) ? dice.length(upTo: dice.chance(0.05) ? 256 : 6) : 0
    }

    private func bytes() -> [UInt8] {
        var count = spend(dice.length(upTo: 4096), each: 1)
        if large {
            large = false
            count = dice.int(largest / 32...largest / 4)
        }
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: dice.next()) }
    }

    /// As many of `count` items of `each` bytes as the budget allows, spent from it.
    private func spend(_ count: Int, each: Int) -> Int {
        let allowed = max(0, min(count, budget / each))
        budget -= allowed * each
        return allowed
    }
}
