import BusTestSupport
import Testing

/// docs/org.feels.Tips1.md and org.feels.Tips1(5) are generated from the interface XML through gdbus-codegen.
@Suite("The interface reference")
struct InterfaceReferenceTests {
    @Test func isUpToDateWithTheXMLAndEveryMemberIsDocumented() throws {
        let result = try runTool(Repository.path("scripts/interface-reference"), ["--check"], timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test func namesEveryMethodSignalAndPropertyOfTheContract() throws {
        let contract = try Repository.text("dbus/org.feels.Tips1.xml")
        let reference = try Repository.text("docs/org.feels.Tips1.md")
        let manPage = try Repository.text("man/org.feels.Tips1.5.scd")
        let names = contract.components(separatedBy: "<").compactMap { element -> String? in
            for kind in ["method", "signal", "property"] where element.hasPrefix("\(kind) name=\"") {
                return String(element.dropFirst(kind.count + 7).prefix { $0 != "\"" })
            }
            return nil
        }
        #expect(names.count >= 30)
        for name in names {
            #expect(reference.contains("### \(name)\n"), "docs/org.feels.Tips1.md has no section for \(name)")
            #expect(manPage.contains("*\(name)*"), "org.feels.Tips1(5) has no entry for \(name)")
        }
    }
}
