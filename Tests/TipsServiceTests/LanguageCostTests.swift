import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// What the language names a caller sends cost the service: nothing that lasts (under the old
/// contract every locale name grew the service for good). Only catalogs that exist are read
/// and kept; every other name costs a failed `open`.
@Suite("What a caller's language names cost")
struct LanguageCostTests {
    @Test func everNewLanguageNamesLeaveTheResidentSetFlatAndEveryReplyInTheLanguageAsked() throws {
        let service = try RunningService(environment: [
            "LANG": "C", "LC_ALL": nil, "LC_MESSAGES": nil, "LANGUAGE": nil,
            "TEXTDOMAINDIR": try Translations.catalogFolder(),
        ])
        let pid = try #require(service.servicePID)

        let result = try runTool(
            try builtProduct("tips-languages"),
            ["--address", service.bus.address, "--pid", String(pid), "--names", "12000", "--every", "2000"],
            timeout: .seconds(120))

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let resident = result.stdout.split(separator: "\n").compactMap { line -> (Int, Int)? in
            let words = line.split(separator: " ")
            guard words.count == 6, words[2] == "names:", let names = Int(words[1]), let kilobytes = Int(words[4])
            else { return nil }
            return (names, kilobytes)
        }
        #expect(resident.count == 7, "\(result.stdout)")
        let settled = resident.filter { $0.0 >= 2_000 }.map(\.1)
        let spread = (settled.max() ?? 0) - (settled.min() ?? 0)
        #expect(spread <= 1_024, "VmRSS from 2,000 names on moved by \(spread) kB: \(resident)")
        let german = try service.tips.presentTip(id: "MoodStreakTip", options: .init(languages: ["de"], record: false))
        #expect(german.tip.title == "Bau deine Serie aus!")
        #expect(german.tip.language == "de")
    }
}
