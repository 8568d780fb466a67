import DBus
import Testing

@Suite struct NameValidationTests {
    static let long = String(repeating: "a", count: 250)

    @Test(arguments: ["/", "/org", "/org/feels/Test", "/a_b/C9/_", "/0"])
    func validObjectPathsAreAccepted(_ text: String) throws {
        #expect(try ObjectPath(text).rawValue == text)
    }

    @Test(arguments: ["", "org", "//", "/org/", "/org//feels", "/org/fee-ls", "/org/é", "/org\0x", "/org.feels"])
    func invalidObjectPathsAreRejected(_ text: String) {
        #expect(throws: DBusError.self) { try ObjectPath(text) }
    }

    // libdbus takes a unique name of one element (`:1`) too.
    @Test(arguments: ["org.feels.Test", "a.b", "org.feels.Test1", "_a._b", "a-b.c-d", ":1.42", ":1.0", ":a.b-c", ":1"])
    func validBusNamesAreAccepted(_ text: String) throws {
        #expect(try BusName(text).rawValue == text)
    }

    @Test(arguments: [
        "", "org", ".org.feels", "org..feels", "org.feels.", "org.1feels", "org.fe\0els", "org.feels/Tips",
        "\(long).\(long)",
    ])
    func invalidBusNamesAreRejected(_ text: String) {
        #expect(throws: DBusError.self) { try BusName(text) }
    }

    @Test(arguments: ["org.feels.Test1", "a.b", "_x.Y_9"])
    func validInterfaceAndErrorNamesAreAccepted(_ text: String) throws {
        #expect(try InterfaceName(text).rawValue == text)
        #expect(try ErrorName(text).rawValue == text)
    }

    @Test(arguments: ["", "org", "org.", ".org", "org.1x", "org.fe-els", ":1.42", "org.x\0y", "\(long).\(long)"])
    func invalidInterfaceAndErrorNamesAreRejected(_ text: String) {
        #expect(throws: DBusError.self) { try InterfaceName(text) }
        #expect(throws: DBusError.self) { try ErrorName(text) }
    }

    @Test(arguments: ["Concat", "a", "_", "Get_2", String(repeating: "M", count: 255)])
    func validMemberNamesAreAccepted(_ text: String) throws {
        #expect(try MemberName(text).rawValue == text)
    }

    @Test(arguments: [
        "", "2Fast", "Log.Mood", "Log-Mood", "Log Mood", "Lög", "Log\0", String(repeating: "M", count: 256),
    ])
    func invalidMemberNamesAreRejected(_ text: String) {
        #expect(throws: DBusError.self) { try MemberName(text) }
    }

    @Test func anInvalidNameSaysWhatItIsNot() {
        #expect(
            throws: DBusError.invalidObjectPath("/org/", reason: "breaks the D-Bus specification's rules")
        ) {
            try ObjectPath(String("/org/"))
        }
        #expect(throws: DBusError.invalidMemberName("Log\0", reason: "contains a NUL character")) {
            try MemberName(String("Log\0"))
        }
    }

    @Test func ancestorsOfAPathAreTheRootAndEachPrefix() {
        let path: ObjectPath = "/org/feels/Test"
        #expect(ObjectPath.root.isAncestor(of: path))
        #expect(ObjectPath("/org").isAncestor(of: path))
        #expect(ObjectPath("/org/feels").isAncestor(of: path))
        #expect(!path.isAncestor(of: path))
        #expect(!ObjectPath("/org/fee").isAncestor(of: path))
    }
}
