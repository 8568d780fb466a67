import BusTestSupport
import Testing

/// docs/org.feels.Tips1.md and org.feels.Tips1(5) are generated from the interface XML by scripts/interface-reference,
/// which runs `tips-interface-codegen --reference`.
@Suite("The interface reference")
struct InterfaceReferenceTests {
    @Test func isUpToDateWithTheXMLAndEveryMemberIsDocumented() throws {
        let result = try runTool(
            try builtProduct("tips-interface-codegen"),
            ["--reference", "--check"]
                + ["dbus/org.feels.Tips1.xml", "docs/org.feels.Tips1.md", "man/org.feels.Tips1.5.scd"].map(
                    Repository.path),
            timeout: .seconds(60))
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

    @Test func describesEachInterfaceAndEachDictionaryWithEveryKey() throws {
        let contract = try Repository.text("dbus/org.feels.Tips1.xml")
        let reference = try Repository.text("docs/org.feels.Tips1.md")
        let manPage = try Repository.text("man/org.feels.Tips1.5.scd")
        let interfaces = contract.components(separatedBy: "<interface name=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(interfaces.count == 2)
        for interface in interfaces {
            #expect(
                reference.contains("\n## \(interface)\n"), "docs/org.feels.Tips1.md has no section for \(interface)")
            #expect(manPage.contains("*\(interface)*"), "org.feels.Tips1(5) does not name \(interface)")
        }
        // Our annotations org.feels.Tips.Dictionary.TYPE and org.feels.Tips.Dictionary.TYPE.KEY.
        let prefix = "org.feels.Tips.Dictionary."
        let declared = contract.components(separatedBy: "<annotation name=\"\(prefix)").dropFirst().map {
            $0.prefix { $0 != "\"" }.split(separator: ".").map(String.init)
        }
        let types = declared.filter { $0.count == 1 }.map { $0[0] }
        #expect(types.count >= 6)
        for type in types {
            #expect(reference.contains("\n### \(type)\n"), "docs/org.feels.Tips1.md has no section for \(type)")
            #expect(manPage.contains("\n*\(type)*\n"), "org.feels.Tips1(5) has no entry for \(type)")
        }
        for key in declared where key.count == 2 {
            #expect(reference.contains("| `\(key[1])` |"), "docs/org.feels.Tips1.md does not list \(key[0]).\(key[1])")
            #expect(manPage.contains("\t_\(key[1])_ ("), "org.feels.Tips1(5) does not list \(key[0]).\(key[1])")
        }
    }
}
