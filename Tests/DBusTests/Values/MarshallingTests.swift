import BusTestSupport
import Testing

@testable import DBus

/// Values of every type, including nested and empty containers.
let sampleValues: [DBusValue] = [
    .byte(0), .byte(255), .boolean(true), .boolean(false), .int16(.min), .uint16(.max), .int32(.min),
    .uint32(.max), .int64(.min), .uint64(.max), .double(-1.5e300), .double(0), .string(""), .string("héllo ☀️ 日本"),
    .objectPath("/"), .objectPath("/org/feels/Test"), .signature(""), .signature("a{sa(iv)}"),
    .array(.byte, []), .array(.byte, (0...255).map { .byte(UInt8($0)) }), .strings(["a", "", "c"]),
    .array("ai", [.array(.int32, [.int32(1)]), .array(.int32, [])]),
    .dictionary(key: .uint32, value: .string, [DBusDictEntry(key: .uint32(1), value: .string("one"))]),
    .dictionary(key: .string, value: "a{sv}", []),
    .vardict([("count", .uint32(3)), ("name", .string("x")), ("nested", .vardict([("deep", .strings(["y"]))]))]),
    .structure([.int32(1), .string("two"), .structure([.double(3), .array(.objectPath, [.objectPath("/a")])])]),
    .variant(.variant(.variant(.int64(9)))),
    .array(.variant, [.variant(.string("mixed")), .variant(.uint16(2)), .variant(.structure([.boolean(true)]))]),
]

@Suite struct MarshallingTests {
    /// Values libdbus would abort on or the bus refuse: each must be refused before libdbus sees it.
    static let mistakes: [DBusValue] = [
        .string("a\0b"), .vardict([("key", .strings(["x\0"]))]), .array(.string, [.string("a"), .uint32(1)]),
        .dictionary(key: .string, value: .variant, [DBusDictEntry(key: .string("k"), value: .string("v"))]),
        .structure([]), .dictionary(key: .variant, value: .string, []), .array("ss", []),
        .variant(.structure([.structure([])])),
        // Thirty-two arrays deep is a valid element signature, and one too many inside the array around it.
        .array(DBusSignature(unchecked: String(repeating: "a", count: 32) + "y"), []),
        // An array of no element type: its signature is the one character "a", refused as incomplete.
        .array(DBusSignature(unchecked: ""), []),
    ]

    @Test(arguments: sampleValues)
    func everyValueSurvivesAMessageRoundTrip(_ value: DBusValue) throws {
        let message = try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
        try message.append([value, .string("after")])
        #expect(try message.arguments == [value, .string("after")])
        #expect(message.signature == value.signature.rawValue + "s")
    }

    @Test(arguments: sampleValues)
    func everyValueSurvivesARealBusRoundTrip(_ value: DBusValue) throws {
        let service = try EchoService()
        let client = try service.client()
        let reply = try service.call(client, "Echo", [.variant(value)])
        #expect(reply == [.variant(value)])
    }

    @Test func aStringWithNULIsRejectedBeforeLibdbusSeesIt() throws {
        let message = try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
        #expect(throws: DBusError.invalidString("a\0b")) { try message.append(.string("a\0b")) }
        #expect(throws: DBusError.invalidString("x\0")) {
            try message.append(.vardict([("key", .strings(["x\0"]))]))
        }
        #expect(message.signature == "")
    }

    @Test func elementsThatDoNotMatchTheirArraySignatureAreRejected() throws {
        let message = try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
        #expect(throws: DBusError.typeMismatch(expected: "s", actual: "u")) {
            try message.append(.array(.string, [.string("a"), .uint32(1)]))
        }
        #expect(throws: DBusError.typeMismatch(expected: "v", actual: "s")) {
            try message.append(
                .dictionary(key: .string, value: .variant, [DBusDictEntry(key: .string("k"), value: .string("v"))]))
        }
        #expect(throws: DBusError.self) { try message.append(.structure([])) }
        #expect(throws: DBusError.self) { try message.append(.dictionary(key: .variant, value: .string, [])) }
        #expect(throws: DBusError.self) { try message.append(.array("ss", [])) }
    }

    @Test func variantsNestedDeeperThanSixtyFourAreRejected() throws {
        var value = DBusValue.byte(1)
        for _ in 0..<64 { value = .variant(value) }
        let message = try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
        try message.append(value)
        #expect(throws: DBusError.nestingTooDeep(depth: 65)) { try message.append(.variant(value)) }
    }

    @Test func anArrayOverSixtyFourMebibytesIsRefused() throws {
        let message = try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
        let chunk = String(repeating: "x", count: 1 << 20)
        let tooMany = DBusValue.array(.string, Array(repeating: .string(chunk), count: 65))
        #expect(throws: DBusError.self) { try message.append(tooMany) }
        #expect(message.signature == "")
    }

    @Test func aMessageOverOneHundredTwentyEightMebibytesIsRefused() throws {
        let message = try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
        let big = DBusValue.string(String(repeating: "x", count: 45 << 20))
        try message.append(big)
        try message.append(big)
        let error = #expect(throws: DBusError.self) { try message.append(big) }
        guard case .messageTooLarge(_, let limit) = error else {
            Issue.record("Expected messageTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 134_217_728)
        #expect(message.signature == "ss")
    }

    @Test func aVardictReadsAsADictionaryOfUnwrappedValues() {
        let value = DBusValue.vardict([("a", .uint32(1)), ("b", .string("two"))])
        #expect(value.vardictValue == ["a": .uint32(1), "b": .string("two")])
        #expect(value.dictionaryValue?.first?.value.variantValue == .uint32(1))
        #expect(
            DBusValue.vardict(["z": .boolean(true), "a": .boolean(false)]).dictionaryValue?.first?.key == .string("a"))
        #expect(DBusValue.string("x").vardictValue == nil)
        #expect(DBusValue.strings(["a", "b"]).stringArrayValue == ["a", "b"])
    }
}
