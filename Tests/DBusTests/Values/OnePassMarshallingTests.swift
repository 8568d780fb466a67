import BusTestSupport
import Testing

@testable import DBus

/// Replies and signals are checked and marshalled in one walk; they must carry and refuse exactly what the two-pass
/// `append(_:)` carries and refuses.
@Suite struct OnePassMarshallingTests {
    static func message() throws -> DBusMessage {
        try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
    }

    @Test(arguments: sampleValues)
    func everyValueComesOutAsTheTwoPassPathWritesIt(_ value: DBusValue) throws {
        let onePass = try Self.message()
        try onePass.appendInOnePass([value, .string("after")])
        let twoPass = try Self.message()
        try twoPass.append([value, .string("after")])
        #expect(try onePass.arguments == [value, .string("after")])
        #expect(onePass.signature == twoPass.signature)
        #expect(onePass.estimatedSize == twoPass.estimatedSize, "both count the body's size alike")
    }

    static let mistakes: [DBusValue] = [
        .string("a\0b"), .vardict([("key", .strings(["x\0"]))]), .array(.string, [.string("a"), .uint32(1)]),
        .dictionary(key: .string, value: .variant, [DBusDictEntry(key: .string("k"), value: .string("v"))]),
        .structure([]), .dictionary(key: .variant, value: .string, []), .array("ss", []),
        .variant(.structure([.structure([])])),
        // Thirty-two arrays deep is a valid element signature, and one too many inside the array around it.
        .array(DBusSignature(unchecked: String(repeating: "a", count: 32) + "y"), []),
    ]

    @Test(arguments: mistakes)
    func everyMistakeIsRefusedWithTheSameError(_ value: DBusValue) throws {
        let first = try Self.message()
        let second = try Self.message()
        var twoPassError: DBusError?
        do throws(DBusError) { try first.append(value) } catch { twoPassError = error }
        var onePassError: DBusError?
        do throws(DBusError) { try second.appendInOnePass([.uint32(1), value]) } catch { onePassError = error }
        #expect(twoPassError != nil)
        #expect(onePassError == twoPassError)
    }

    @Test func variantsNestedDeeperThanSixtyFourAreRefusedToo() throws {
        var value = DBusValue.byte(1)
        for _ in 0..<65 { value = .variant(value) }
        #expect(throws: DBusError.nestingTooDeep(depth: 65)) { try Self.message().appendInOnePass([value]) }
    }
}
