import DBus
import Testing

@Suite struct SignatureTests {
    @Test(arguments: [
        "", "y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "v", "as", "a{sv}", "aa{sv}", "(is)",
        "a(ia{s(vv)})", "sa{sv}as", "a{oa{sa{sv}}}", "((((y))))",
        String(repeating: "a", count: 32) + "y",
        String(repeating: "(", count: 32) + "y" + String(repeating: ")", count: 32),
    ])
    func validSignaturesAreAccepted(_ text: String) throws {
        #expect(try DBusSignature(text).rawValue == text)
    }

    @Test(arguments: [
        "a", "(", ")", "()", "(i", "i)", "{sv}", "a{vs}", "a{(i)s}", "a{s}", "a{svs}", "a{sv", "z", "s\0",
        "ae", "r", "e", String(repeating: "a", count: 33) + "y",
        String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33), String(repeating: "s", count: 256),
    ])
    func invalidSignaturesAreRejected(_ text: String) {
        #expect(throws: DBusError.self) { try DBusSignature(text) }
    }

    @Test func unixFileDescriptorsAreRejectedAsUnsupported() {
        #expect(throws: DBusError.unsupportedType("h (unix file descriptor)")) { try DBusSignature(String("h")) }
        #expect(throws: DBusError.unsupportedType("h (unix file descriptor)")) { try DBusSignature(String("a{sh}")) }
    }

    @Test func aSignatureKnowsWhetherItIsOneCompleteType() {
        #expect(!DBusSignature("sa{sv}(ia(yy))v").isSingleCompleteType)
        #expect(DBusSignature("a{sv}").isSingleCompleteType)
        #expect(!DBusSignature.empty.isSingleCompleteType)
    }

    @Test func anInvalidSignatureSaysWhyInLibdbusWords() {
        #expect(throws: DBusError.invalidSignature("a{vs}", reason: "Dict key must be basic type")) {
            try DBusSignature(String("a{vs}"))
        }
    }

    @Test(
        arguments: [
            (DBusValue.byte(1), "y"), (.boolean(true), "b"), (.int16(-1), "n"), (.uint16(1), "q"), (.int32(-1), "i"),
            (.uint32(1), "u"), (.int64(-1), "x"), (.uint64(1), "t"), (.double(0.5), "d"), (.string("s"), "s"),
            (.objectPath("/a"), "o"), (.signature("a{sv}"), "g"), (.variant(.byte(1)), "v"), (.strings([]), "as"),
            (.vardict([("a", .int32(1))]), "a{sv}"), (.structure([.int32(1), .strings(["x"])]), "(ias)"),
            (.array("a{sv}", [.vardict([])]), "aa{sv}"),
        ] as [(DBusValue, String)])
    func everyValueKnowsItsSignature(_ value: DBusValue, _ signature: String) {
        #expect(value.signature.rawValue == signature)
    }
}
