import BusTestSupport
import Testing

@testable import DBus

/// A dictionary written entry by entry (`DBusDictionaryWriter`, what generated code marshals a contract's
/// dictionaries with) must read back as the dictionary `DBusValue.vardict` holds, and refuse what it refuses.
@Suite struct DictionaryWriterTests {
    /// Writes one entry, or one mistake.
    typealias Write = @Sendable (inout DBusDictionaryWriter) throws(DBusError) -> Void

    /// The dictionary `write` writes, read back from a reply holding it as the one element of a list.
    static func readBack(_ write: @escaping Write) throws(DBusError) -> DBusValue? {
        let body = try DBusReplyBody(array: "a{sv}", of: [DBusMarshalledValue(dictionary: write)])
        guard case .array(_, let list) = try body.values.first else { return nil }
        return list.first
    }

    /// What refusing `write` says, `nil` when it is written.
    static func refusal(_ write: @escaping Write) -> DBusError? {
        do throws(DBusError) { _ = try readBack(write) } catch { return error }
        return nil
    }

    /// What refusing `value` says as the one element of a list in a reply, `nil` when it is marshalled.
    static func refusal(_ value: DBusValue) -> DBusError? {
        do throws(DBusError) { _ = try DBusReplyBody([.array("a{sv}", [value])]) } catch { return error }
        return nil
    }

    /// One entry of each kind the writer has, with the value `DBusValue.vardict` would hold for it.
    static let entries: [(key: String, value: DBusValue, write: Write)] = [
        ("s", .string("Grüße, ☀️"), { w throws(DBusError) in try w.append("s", string: "Grüße, ☀️") }),
        ("empty", .string(""), { w throws(DBusError) in try w.append("empty", string: "") }),
        (
            "o", .objectPath("/org/feels/Tips"),
            { w throws(DBusError) in try w.append("o", objectPath: "/org/feels/Tips") }
        ),
        ("g", .signature("a{sv}"), { w throws(DBusError) in try w.append("g", signature: "a{sv}") }),
        ("b", .boolean(true), { w throws(DBusError) in try w.append("b", boolean: true) }),
        ("y", .byte(200), { w throws(DBusError) in try w.append("y", byte: 200) }),
        ("n", .int16(-3), { w throws(DBusError) in try w.append("n", int16: -3) }),
        ("q", .uint16(65_000), { w throws(DBusError) in try w.append("q", uint16: 65_000) }),
        ("i", .int32(-70_000), { w throws(DBusError) in try w.append("i", int32: -70_000) }),
        ("u", .uint32(4_000_000_000), { w throws(DBusError) in try w.append("u", uint32: 4_000_000_000) }),
        (
            "x", .int64(-1_764_633_600_000_000),
            { w throws(DBusError) in try w.append("x", int64: -1_764_633_600_000_000) }
        ),
        ("t", .uint64(.max), { w throws(DBusError) in try w.append("t", uint64: .max) }),
        ("d", .double(-2.5), { w throws(DBusError) in try w.append("d", double: -2.5) }),
        (
            "as", .strings(["face-smile-symbolic", "", "face-smile"]),
            { w throws(DBusError) in
                try w.append("as", strings: ["face-smile-symbolic", "", "face-smile"])
            }
        ),
        ("none", .strings([]), { w throws(DBusError) in try w.append("none", strings: []) }),
        (
            "v", .variant(.structure([.byte(1), .int64(2)])),
            { w throws(DBusError) in
                try w.append("v", value: .variant(.structure([.byte(1), .int64(2)])))
            }
        ),
        (
            "list", .array("a{sv}", [.vardict([("k", .string("mood_log_count")), ("v", .uint32(3))]), .vardict([])]),
            {
                w throws(DBusError) in
                try w.append("list", dictionaries: [3, nil] as [UInt32?]) { count, inner throws(DBusError) in
                    guard let count else { return }
                    try inner.append("k", string: "mood_log_count")
                    try inner.append("v", uint32: count)
                }
            }
        ),
        (
            "noRules", .array("a{sv}", []),
            { w throws(DBusError) in
                try w.append("noRules", dictionaries: [Int]()) { _, _ throws(DBusError) in }
            }
        ),
    ]

    // Every entry after every run of the ones before it, so that each starts at every alignment the others leave.
    @Test(arguments: 0..<entries.count)
    func everyEntryIsWrittenAsTheValueTreeIsMarshalled(_ first: Int) throws {
        let chosen = Array(Self.entries[first...] + Self.entries[..<first])
        let written = try Self.readBack { writer throws(DBusError) in
            for entry in chosen { try entry.write(&writer) }
        }
        #expect(written == .vardict(chosen.map { ($0.key, $0.value) }))
        #expect(try DBusMarshalledValue(dictionary: { _ throws(DBusError) in }).signature == "a{sv}")
    }

    @Test func anEmptyDictionaryIsWrittenAsTheValueTreeIsMarshalled() throws {
        #expect(try Self.readBack { _ throws(DBusError) in } == .vardict([]))
    }

    @Test func writtenDictionariesPlacedInAListReadBackAsTheirValues() throws {
        let parts = try Self.entries.indices.map { index throws(DBusError) in
            try DBusMarshalledValue(dictionary: { writer throws(DBusError) in try Self.entries[index].write(&writer) })
        }
        let body = try DBusReplyBody(array: "a{sv}", of: parts)
        #expect(try body.values == [.array("a{sv}", Self.entries.map { .vardict([($0.key, $0.value)]) })])
    }

    /// Each mistake written through the writer and the same as a value tree: both must be refused, with one error.
    static let mistakes: [(name: String, value: DBusValue, write: Write)] = [
        (
            "a key with NUL", .vardict([("a\0b", .string("x"))]),
            { w throws(DBusError) in try w.append("a\0b", string: "x") }
        ),
        (
            "a string with NUL", .vardict([("k", .string("x\0"))]),
            { w throws(DBusError) in try w.append("k", string: "x\0") }
        ),
        (
            "a string of a list with NUL", .vardict([("k", .strings(["ok", "\0"]))]),
            { w throws(DBusError) in
                try w.append("k", strings: ["ok", "\0"])
            }
        ),
        (
            "a nested dictionary's string with NUL",
            .vardict([("k", .array("a{sv}", [.vardict([("n", .string("\0"))])]))]),
            {
                w throws(DBusError) in
                try w.append("k", dictionaries: ["\0"]) { text, inner throws(DBusError) in
                    try inner.append("n", string: text)
                }
            }
        ),
        (
            "a value nested too deep", .vardict([("k", deep(62))]),
            { w throws(DBusError) in try w.append("k", value: deep(62)) }
        ),
        (
            "an empty structure", .vardict([("k", .structure([]))]),
            { w throws(DBusError) in try w.append("k", value: .structure([])) }
        ),
    ]

    /// Variants `levels` deep around a byte.
    static func deep(_ levels: Int) -> DBusValue {
        (0..<levels).reduce(DBusValue.byte(1)) { inner, _ in .variant(inner) }
    }

    @Test(arguments: 0..<mistakes.count)
    func everyMistakeIsRefusedAsTheValueTreeRefusesIt(_ index: Int) throws {
        let mistake = Self.mistakes[index]
        let written = Self.refusal(mistake.write)
        #expect(written != nil, "\(mistake.name)")
        #expect(written == Self.refusal(mistake.value), "\(mistake.name)")
    }

    @Test(arguments: MarshallingTests.mistakes)
    func everyValueTheBindingRefusesIsRefusedAsAnEntryToo(_ value: DBusValue) throws {
        let written = Self.refusal { writer throws(DBusError) in try writer.append("k", value: value) }
        #expect(written != nil)
        #expect(written == Self.refusal(.vardict([("k", value)])))
    }

    @Test func theDeepestValueAnEntryMayHoldIsWritten() throws {
        // The list around the dictionary, the dictionary, its entry and the entry's variant come first.
        var deepest = 0
        for levels in 50...64 {
            do throws(DBusError) {
                _ = try Self.readBack { writer throws(DBusError) in try writer.append("k", value: Self.deep(levels)) }
                deepest = levels
            } catch {
                #expect(error == .nestingTooDeep(depth: 65))
                break
            }
        }
        #expect(deepest == 60)
        let levels = deepest
        #expect(
            try Self.readBack { writer throws(DBusError) in try writer.append("k", value: Self.deep(levels)) }
                == .vardict([("k", Self.deep(deepest))]))
    }

    /// `PropertiesChanged` is written entry by entry: its message must hold what the one marshalled from the values
    /// holds, entry kinds, emptiness and an invalidated name included, and refuse what that refuses.
    @Test func propertiesChangedIsTheSignalItsValuesMarshal() throws {
        let changed: [[(String, DBusValue)]] = [
            Self.entries.map { ($0.key, $0.value) }, [], [("MoodLogCount", .uint32(3))],
        ]
        for (index, values) in changed.enumerated() {
            let invalidated = index == 1 ? ["NextDisplayTime", ""] : []
            let written = try DBusConnection.propertiesChanged(
                path: "/org/feels/Tips", interface: "org.feels.Tips1", changed: values, invalidated: invalidated)
            let marshalled = try DBusMessage.signal(
                path: "/org/feels/Tips", interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                marshalling: [.string("org.feels.Tips1"), .vardict(values), .strings(invalidated)])
            #expect(written.signature == marshalled.signature)
            #expect(try written.arguments == marshalled.arguments, "changed: \(values.map(\.0))")
        }
        var refused = 0
        for (name, value, _) in Self.mistakes {
            guard case .dictionary(_, _, let entries) = value else { continue }
            refused += 1
            let pairs = entries.compactMap { entry -> (String, DBusValue)? in
                guard case .string(let key) = entry.key, case .variant(let inner) = entry.value else { return nil }
                return (key, inner)
            }
            #expect(throws: DBusError.self, "\(name)") {
                try DBusConnection.propertiesChanged(
                    path: "/org/feels/Tips", interface: "org.feels.Tips1", changed: pairs, invalidated: [])
            }
        }
        #expect(refused == Self.mistakes.count)
        #expect(throws: DBusError.self) {
            try DBusConnection.propertiesChanged(
                path: "/org/feels/Tips", interface: "org.feels.Tips1", changed: [], invalidated: ["a\0b"])
        }
    }
}
