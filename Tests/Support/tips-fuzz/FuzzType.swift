/// A D-Bus type as a tree, so that the fuzzer can make values of it; its signature is what goes on the wire.
indirect enum FuzzType: Equatable {
    /// A basic type, by its type code (`y b n q i u x t d s o g`).
    case basic(UInt8)
    /// `a…`.
    case array(FuzzType)
    /// `a{kv}`, the key by its basic type code.
    case dictionary(key: UInt8, value: FuzzType)
    /// `(…)`, one or more fields.
    case structure([FuzzType])
    /// `v`.
    case variant

    /// The codes of the basic types.
    static let basicCodes = Array("ybnqiuxtdsog".utf8)

    /// The type's signature.
    var signature: String {
        switch self {
        case .basic(let code): String(decoding: [code], as: UTF8.self)
        case .array(let element): "a" + element.signature
        case .dictionary(let key, let value): "a{" + String(decoding: [key], as: UTF8.self) + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// Parses one complete type from a valid signature, as the service's introspection gives it.
    init?(signature: String) {
        var bytes = Array(signature.utf8)[...]
        guard let type = Self.parse(&bytes), bytes.isEmpty else { return nil }
        self = type
    }

    /// The complete types of a valid signature, in order; `nil` when it does not parse.
    static func list(_ signature: String) -> [FuzzType]? {
        var bytes = Array(signature.utf8)[...]
        var types: [FuzzType] = []
        while !bytes.isEmpty {
            guard let type = parse(&bytes) else { return nil }
            types.append(type)
        }
        return types
    }

    private static func parse(_ bytes: inout ArraySlice<UInt8>) -> FuzzType? {
        guard let code = bytes.popFirst() else { return nil }
        switch code {
        case _ where basicCodes.contains(code): return .basic(code)
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            if bytes.first == UInt8(ascii: "{") {
                bytes.removeFirst()
                guard let key = bytes.popFirst(), basicCodes.contains(key), let value = parse(&bytes),
                    bytes.popFirst() == UInt8(ascii: "}")
                else { return nil }
                return .dictionary(key: key, value: value)
            }
            return parse(&bytes).map { .array($0) }
        case UInt8(ascii: "("):
            var fields: [FuzzType] = []
            while let next = bytes.first, next != UInt8(ascii: ")") {
                guard let field = parse(&bytes) else { return nil }
                fields.append(field)
            }
            guard bytes.popFirst() == UInt8(ascii: ")"), !fields.isEmpty else { return nil }
            return .structure(fields)
        default: return nil
        }
    }
}

/// How much nesting a type may still use: D-Bus allows 32 arrays and, separately, 32 structures (dict entries
/// count as structures) within one signature, and 64 containers of any kind, variants included, in a body.
struct NestingRoom {
    var arrays = 32
    var structures = 32
    var total = 64

    /// The room inside an array (or, with `structure`, inside a structure or dict entry).
    func entering(array: Bool = false, structure: Bool = false) -> NestingRoom {
        var inner = self
        inner.total -= 1
        if array { inner.arrays -= 1 }
        if structure { inner.structures -= 1 }
        return inner
    }

    /// The room inside a variant, whose content starts a signature of its own.
    var insideVariant: NestingRoom {
        NestingRoom(arrays: min(32, total - 1), structures: min(32, total - 1), total: total - 1)
    }

    /// Whether another container of the kind fits.
    func fits(array: Bool = false, structure: Bool = false) -> Bool {
        total >= 1 && (!array || arrays >= 1) && (!structure || structures >= 1)
    }
}

extension Dice {
    /// A random complete type whose signature is at most `length` bytes, nested within `room`; `deep` makes long
    /// chains of containers likely, to reach the nesting limits.
    func type(length: Int, room: NestingRoom, deep: Bool = false) -> FuzzType {
        let containerOdds = deep ? 90 : max(5, 45 - (64 - room.total) * 12)
        guard length >= 4, chance(Double(containerOdds) / 100) else {
            return length >= 1 && chance(0.08) && room.fits() ? .variant : .basic(pick(FuzzType.basicCodes))
        }
        switch weighted([4, 2, 3, 1]) {
        case 0 where room.fits(array: true):
            return .array(type(length: length - 1, room: room.entering(array: true), deep: deep))
        case 1 where room.fits(array: true) && room.entering(array: true).fits(structure: true):
            let inner = room.entering(array: true).entering(structure: true)
            return .dictionary(
                key: pick(FuzzType.basicCodes), value: type(length: length - 4, room: inner, deep: deep))
        case 2 where room.fits(structure: true):
            var fields: [FuzzType] = []
            var left = length - 2
            let inner = room.entering(structure: true)
            repeat {
                let field = type(length: min(left, deep ? left : 24), room: inner, deep: deep && fields.isEmpty)
                fields.append(field)
                left -= field.signature.utf8.count
            } while left > 0 && fields.count < 8 && chance(deep ? 0.2 : 0.5)
            return .structure(fields)
        default:
            return room.fits() ? .variant : .basic(pick(FuzzType.basicCodes))
        }
    }
}
