import DBus
import TipsInterface

/// Makes D-Bus values of a given type: edge cases of every basic type, the service's own words, text in every
/// script, empty and nested containers, and now and then a string or an array of several MiB.
struct RandomValues {
    let dice: Dice
    /// The service's property names, used as words.
    let properties: [String]
    /// The largest string or array a message may carry, in bytes.
    let largest: Int

    /// How large a message may still grow; each value spends from it.
    struct Budget {
        var bytes: Int
        /// Whether this message carries one large string or array.
        var large: Bool
    }

    /// A value of `type`, spending from `budget`; variants get a random type that fits in `room`.
    func value(of type: FuzzType, budget: inout Budget, room: NestingRoom) -> DBusValue {
        switch type {
        case .basic(let code): return basic(code, budget: &budget)
        case .array(let element):
            let inner = room.entering(array: true)
            if element == .basic(UInt8(ascii: "y")), budget.large || dice.chance(0.05) {
                return .array(.byte, bytes(budget: &budget).map { .byte($0) })
            }
            if element == .basic(UInt8(ascii: "u")), budget.large, dice.chance(0.3) {
                // Every element is a boxed enum on both sides, so arrays stay a few MiB at most.
                budget.large = false
                let count = take(dice.int(1...max(1, largest / 16)), of: &budget, each: 4)
                return .array(.uint32, (0..<count).map { .uint32(UInt32(truncatingIfNeeded: $0)) })
            }
            let count = elementCount(budget: budget)
            let signature = signature(element)
            return .array(signature, (0..<count).map { _ in value(of: element, budget: &budget, room: inner) })
        case .dictionary(let key, let valueType):
            let inner = room.entering(array: true).entering(structure: true)
            let count = elementCount(budget: budget)
            let entries = (0..<count).map { _ in
                DBusDictEntry(
                    key: basic(key, budget: &budget), value: value(of: valueType, budget: &budget, room: inner))
            }
            return .dictionary(
                key: signature(.basic(key)), value: signature(valueType), entries)
        case .structure(let fields):
            let inner = room.entering(structure: true)
            return .structure(fields.map { value(of: $0, budget: &budget, room: inner) })
        case .variant:
            let inner = room.insideVariant
            let content = dice.type(length: 255, room: inner, deep: dice.chance(0.01))
            return .variant(value(of: content, budget: &budget, room: inner))
        }
    }

    /// A value of basic type `code`.
    func basic(_ code: UInt8, budget: inout Budget) -> DBusValue {
        budget.bytes -= 8
        switch code {
        case UInt8(ascii: "y"): return .byte(UInt8(truncatingIfNeeded: integer()))
        case UInt8(ascii: "b"): return .boolean(dice.chance(0.5))
        case UInt8(ascii: "n"): return .int16(Int16(truncatingIfNeeded: integer()))
        case UInt8(ascii: "q"): return .uint16(UInt16(truncatingIfNeeded: integer()))
        case UInt8(ascii: "i"): return .int32(Int32(truncatingIfNeeded: integer()))
        case UInt8(ascii: "u"): return .uint32(UInt32(truncatingIfNeeded: integer()))
        case UInt8(ascii: "x"): return .int64(Int64(truncatingIfNeeded: integer()))
        case UInt8(ascii: "t"): return .uint64(UInt64(truncatingIfNeeded: integer()))
        case UInt8(ascii: "d"): return .double(double())
        case UInt8(ascii: "o"): return .objectPath(objectPath())
        case UInt8(ascii: "g"): return .signature(signatureValue())
        default: return .string(string(budget: &budget))
        }
    }

    /// A number near the edges more often than not: 0, ±1, the limits of each width, the service's day limit.
    func integer() -> Int64 {
        let edges: [Int64] = [
            0, 1, -1, 2, 3, 7, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 36525, 36526, Int64(Int32.max),
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

    /// A string: empty, a word of the service's, ASCII, any script, long, or (in a large message) several MiB.
    func string(budget: inout Budget) -> String {
        if budget.large, dice.chance(0.5) {
            budget.large = false
            let count = dice.int(largest / 8...largest)
            budget.bytes -= count
            let piece = dice.pick(["x", "é", "💡", Tips1.Method.logMood.rawValue + " "])
            return String(repeating: piece, count: count / piece.utf8.count)
        }
        switch dice.weighted([15, 30, 30, 15, 3, 5]) {
        case 0: return ""
        case 1: return Vocabulary.word(dice, properties: properties)
        case 2: return ascii(count: dice.length(upTo: 64))
        case 3: return unicode(count: dice.length(upTo: 32))
        case 4: return oneCharacter(marks: take(dice.length(upTo: 8192), of: &budget, each: 2))
        default:
            let count = take(dice.int(256...65536), of: &budget, each: 1)
            return ascii(count: count)
        }
    }

    /// A word of the service's, or a letter, followed by `marks` combining marks: a single Character however long,
    /// which a cut made by Characters keeps whole.
    func oneCharacter(marks: Int) -> String {
        var scalars = String.UnicodeScalarView(Vocabulary.word(dice, properties: properties).unicodeScalars)
        if scalars.isEmpty { scalars.append("x") }
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
        for _ in 0..<count {
            let ranges: [ClosedRange<UInt32>] = [
                0x01...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF,
            ]
            let range = dice.pick(ranges)
            let value = UInt32(dice.int(Int(range.lowerBound)...Int(range.upperBound)))
            if let scalar = Unicode.Scalar(value), value != 0 { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// A valid object path: the service's own, one of its ancestors, or random elements.
    func objectPath() -> ObjectPath {
        let known = Self.knownPaths
        if dice.chance(0.4), let path = try? ObjectPath(dice.pick(known)) { return path }
        let count = dice.length(upTo: dice.chance(0.01) ? 2000 : 8)
        let elements = (0..<count).map { _ in identifier(count: 1 + dice.length(upTo: 16), digitFirst: true) }
        return (try? ObjectPath("/" + elements.joined(separator: "/"))) ?? .root
    }

    /// The service's object path, its ancestors, a child it does not have, and the bus's.
    static let knownPaths: [String] = {
        let path = Tips1.objectPath.rawValue
        let elements = path.split(separator: "/")
        let ancestors = (0..<elements.count).map { "/" + elements.prefix($0).joined(separator: "/") }
        return ancestors + [path, path + "/Sub", "/org/freedesktop/DBus"]
    }()

    /// A valid signature: empty, or complete types up to 255 bytes, nested up to the limits.
    func signatureValue() -> DBusSignature {
        var text = ""
        let count = dice.length(upTo: 6)
        for _ in 0..<count {
            let next = dice.type(length: 255 - text.utf8.count, room: NestingRoom(), deep: dice.chance(0.05))
            guard text.utf8.count + next.signature.utf8.count <= 255 else { break }
            text += next.signature
        }
        return (try? DBusSignature(text)) ?? .empty
    }

    /// A name element: a letter or underscore first (a digit too when `digitFirst`), then word characters.
    func identifier(count: Int, digitFirst: Bool = false) -> String {
        let first = Array((digitFirst ? "0123456789" : "") + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        let rest = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
        return String([dice.pick(first)] + (1..<max(1, count)).map { _ in dice.pick(rest) })
    }

    /// The signature of a type the planner built, which is valid by construction.
    func signature(_ type: FuzzType) -> DBusSignature {
        (try? DBusSignature(type.signature)) ?? .byte
    }

    private func bytes(budget: inout Budget) -> [UInt8] {
        let count: Int
        if budget.large {
            budget.large = false
            count = dice.int(largest / 32...largest / 4)
            budget.bytes -= count
        } else {
            count = take(dice.length(upTo: 4096), of: &budget, each: 1)
        }
        var generated = [UInt8](repeating: 0, count: count)
        for index in stride(from: 0, to: count, by: 8) {
            let word = dice.next()
            for offset in 0..<min(8, count - index) {
                generated[index + offset] = UInt8(truncatingIfNeeded: word >> (offset * 8))
            }
        }
        return generated
    }

    private func elementCount(budget: Budget) -> Int {
        guard budget.bytes > 0 else { return 0 }
        return dice.chance(0.2) ? 0 : dice.length(upTo: dice.chance(0.05) ? 256 : 6)
    }

    private func take(_ count: Int, of budget: inout Budget, each: Int) -> Int {
        let allowed = max(0, min(count, budget.bytes / each))
        budget.bytes -= allowed * each
        return allowed
    }
}
