import BusTestSupport
import Foundation
import Testing

/// The interface XML in `dbus/` is the contract; the code is held to it.
@Suite("The interface contract")
struct ContractTests {
    static let contractFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("dbus/org.feels.Tips1.xml")

    @Test func introspectPrintsExactlyTheInterfaceFileInDBusFolder() throws {
        let printed = try runTool(try builtProduct("feels-tipsd"), ["--introspect"])
        #expect(printed.status == 0)
        let contract = try String(contentsOf: Self.contractFile, encoding: .utf8)
        #expect(printed.stdout == contract, "regenerate with: feels-tipsd --introspect > dbus/org.feels.Tips1.xml")
    }

    @Test func theRunningServiceAnswersIntrospectWithTheContractsInterface() throws {
        let service = try RunningService()
        let contract = try String(contentsOf: Self.contractFile, encoding: .utf8)
        let interface = try #require(section(of: contract, named: "org.feels.Tips1"))
        let reply = try service.client.call(
            destination: RunningService.name, path: RunningService.path,
            interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
        let live = try #require(reply.first?.stringValue)
        #expect(section(of: live, named: "org.feels.Tips1") == interface)
        // busctl, decoding the same reply through its JSON output, reads the very same document.
        let busctl = BusctlReply(
            try service.busctl([
                "--json=short", "call", "org.feels.Tips", "/org/feels/Tips",
                "org.freedesktop.DBus.Introspectable", "Introspect",
            ]))
        #expect(busctl.data as? [String] == [live], "\(busctl.stderr)")
        for standard in [
            "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties",
            "org.freedesktop.DBus.Peer",
        ] {
            #expect(live.contains("<interface name=\"\(standard)\">"))
        }
    }

    @Test func busctlIntrospectListsEveryMemberWithItsFlags() throws {
        let service = try RunningService()
        let result = try service.busctl(["introspect", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Dictionary(
            result.stdout.split(separator: "\n").dropFirst().map { line in
                let columns = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                return (columns[0], columns)
            }, uniquingKeysWith: { first, _ in first })
        let methods = [
            ".LogMood": ("s", "u"), ".SettingsViewed": ("-", "-"), ".UpdateDaysUsingApp": ("u", "-"),
            ".UpdateStreak": ("u", "-"), ".ListTips": ("-", "aa{sv}"), ".GetTip": ("s", "a{sv}"),
            ".EligibleTips": ("s", "as"), ".DisplayNextTip": ("s", "s"), ".InvalidateTip": ("ss", "-"),
            ".ResetAllTips": ("-", "-"), ".ListLocalizedTips": ("s", "aa{sv}"), ".GetLocalizedTip": ("ss", "a{sv}"),
            ".ShouldDisplayTip": ("s", "b"), ".DisplayTip": ("s", "b"), ".NextNewTip": ("s", "s"),
            ".PeekNextTip": ("s", "s"),
            ".ExportMoods": ("-", "a(xsi)"), ".ForgetMoods": ("-", "u"), ".ShowAllTipsForTesting": ("-", "-"),
            ".ShowTipsForTesting": ("as", "-"), ".HideAllTipsForTesting": ("-", "-"),
            ".ClearTestingOverrides": ("-", "-"), ".SetDisplayFrequency": ("s", "-"),
            ".ClaimNotificationTip": ("a{sv}", "sa{sv}"), ".ReleaseNotificationTip": ("sb", "-"),
        ]
        for (name, (input, output)) in methods {
            let row = try #require(rows[name], "busctl does not list \(name)")
            #expect(Array(row[1...3]) == ["method", input, output], "\(name)")
        }
        let properties = [
            ".MoodLogCount": ("u", "emits-change"), ".HasLoggedMoods": ("u", "emits-change"),
            ".HasSeenSettings": ("b", "emits-change"), ".DaysUsingApp": ("u", "emits-change"),
            ".CurrentStreak": ("u", "emits-change"), ".DisplayFrequency": ("s", "emits-change"),
            ".NextDisplayTime": ("x", "emits-change"), ".TestingOverride": ("s", "emits-change"),
            ".Datastore": ("s", "const"), ".Version": ("s", "const"), ".TimeZone": ("s", "emits-change"),
        ]
        for (name, (signature, flag)) in properties {
            let row = try #require(rows[name], "busctl does not list \(name)")
            #expect(row[1] == "property" && row[2] == signature && row.last == flag, "\(name): \(row)")
        }
        let signal = try #require(rows[".TipStatusChanged"])
        #expect(Array(signal[1...2]) == ["signal", "ss"])
        let tipChanged = try #require(rows[".TipChanged"])
        #expect(Array(tipChanged[1...2]) == ["signal", "sa{sv}"])
        #expect(rows.keys.filter { $0.hasPrefix(".") }.count == methods.count + properties.count + 2)
    }

    @Test func busctlTreeFindsTheObjectThroughItsAncestors() throws {
        let service = try RunningService()
        let result = try service.busctl(["tree", "--list", "org.feels.Tips"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n") == ["/", "/org", "/org/feels", "/org/feels/Tips"])
    }

    @Test func theActivationFileAndTheUserUnitNameTheSameBusName() throws {
        let root = Self.contractFile.deletingLastPathComponent()
        let activation = try String(
            contentsOf: root.appendingPathComponent("org.feels.Tips.service.in"), encoding: .utf8)
        let unit = try String(contentsOf: root.appendingPathComponent("feels-tipsd.service.in"), encoding: .utf8)
        #expect(activation.contains("\nName=org.feels.Tips\n"))
        #expect(activation.contains("\nExec=@bindir@/feels-tipsd\n"))
        #expect(activation.contains("\nSystemdService=feels-tipsd.service\n"))
        #expect(unit.contains("\nType=dbus\n"))
        #expect(unit.contains("\nBusName=org.feels.Tips\n"))
        #expect(unit.contains("\nExecStart=@bindir@/feels-tipsd\n"))
    }

    /// The `<interface name="…">…</interface>` element of an introspection document.
    private func section(of xml: String, named name: String) -> String? {
        guard let start = xml.range(of: "<interface name=\"\(name)\">"),
            let end = xml.range(of: "</interface>", range: start.upperBound..<xml.endIndex)
        else { return nil }
        return String(xml[start.lowerBound..<end.upperBound])
    }
}
