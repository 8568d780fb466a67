import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// What the language names a caller sends cost the service: nothing that lasts (under the old
/// contract every locale name grew the service for good). Only catalogs that exist are read
/// and kept; every other name costs a failed `open`.
///
/// `FEELS_LANGUAGE_NAMES` sets how many names (12,000 here; `scripts/language-names` asks for 100,000 of the
/// feels-tipsd we ship, which `FEELS_TIPSD` names).
@Suite("What a caller's language names cost")
struct LanguageCostTests {
    static let names = ProcessInfo.processInfo.environment["FEELS_LANGUAGE_NAMES"].flatMap(Int.init) ?? 12_000

    /// What the `index`-th list asks for: its names, the language the reply must name and whether its words are
    /// German.
    static func request(_ index: Int) -> (languages: [String], language: String, german: Bool) {
        var letters = ""
        var rest = index
        repeat {
            letters.append(Character(Unicode.Scalar(UInt8(97 + rest % 26))))
            rest /= 26
        } while rest > 0
        switch index % 3 {
        case 0:
            // No catalog under any of them: the service's own words (English here), language ''.
            return (["q\(letters)_ZZ.UTF-8", "x\(letters)-\(index % 1000)"], "", false)
        case 1:
            // A German catalog under the plain language: German, named as the caller named it.
            let name = "de_\(letters.uppercased()).UTF-8@\(letters)"
            return (["q\(letters)", name], name, true)
        default:
            // Nothing here names a language: left out, so the service's own words.
            return (["/\(letters)/../\(index)", String(repeating: letters, count: 70 / letters.count + 1)], "", false)
        }
    }

    /// The replies still awaited, and what was wrong with the first few of those received.
    final class Replies {
        var awaited = 0
        var wrong: [String] = []
    }

    /// Asks for MoodStreakTip's words in `names` language lists it has never seen, every name different, through
    /// PresentTip with record false (a look that records nothing) and every tenth through GetTips, 16 calls in
    /// flight: names of no language, which get the service's own words; a German name with a territory no catalog
    /// has, which gets German under the name as sent; and text that names no language at all, which is left out.
    /// Each reply must be the words its list asks for and say which language they are in; the service's resident set
    /// is read every tenth of the names.
    @Test func everNewLanguageNamesLeaveTheResidentSetFlatAndEveryReplyInTheLanguageAsked() throws {
        let service = try RunningService(environment: [
            "LANG": "C", "LC_ALL": nil, "LC_MESSAGES": nil, "LANGUAGE": nil,
            "TEXTDOMAINDIR": try Translations.catalogFolder(),
        ])
        let status = ProcessStatus(pid: try #require(service.servicePID))
        let tips = Tips1Client(connection: service.client, timeout: .seconds(120))
        let english = try tips.presentTip(id: "MoodStreakTip", options: .init(languages: ["C"], record: false)).tip
        let german = try tips.presentTip(id: "MoodStreakTip", options: .init(languages: ["de"], record: false)).tip
        #expect(german.title == "Bau deine Serie aus!")
        #expect(german.language == "de")

        let replies = Replies()
        func check(
            _ result: Result<Tips1.Tip?, DBusError>, _ asked: (languages: [String], language: String, german: Bool)
        ) {
            replies.awaited -= 1
            let expected = asked.german ? german.title : english.title
            switch result {
            case .success(let tip?) where tip.title == expected && tip.language == asked.language: return
            case .success(let tip):
                replies.wrong.append("\(asked.languages): '\(tip?.title ?? "no tip")' in '\(tip?.language ?? "")'")
            case .failure(let error): replies.wrong.append("\(asked.languages): \(error)")
            }
        }
        func drain(below limit: Int) throws {
            while replies.awaited > limit {
                guard service.client.readWriteDispatch(timeout: .milliseconds(100)) else {
                    throw DBusError.invalidMessage("lost the bus")
                }
            }
        }
        // The resident set read at 7 points for the quick run, at 11 for a long one.
        let every = max(2_000, Self.names / 10)
        var resident = [(names: 0, kilobytes: try #require(status.residentKiB))]
        for index in 0..<Self.names {
            let asked = Self.request(index)
            replies.awaited += 1
            if index % 10 == 9 {
                try tips.getTips(ids: ["MoodStreakTip"], options: .init(languages: asked.languages)) { result in
                    check(result.map(\.first), asked)
                }
            } else {
                try tips.presentTip(id: "MoodStreakTip", options: .init(languages: asked.languages, record: false)) {
                    result in check(result.map { $0.tip }, asked)
                }
            }
            try drain(below: 15)
            if (index + 1) % every == 0 || index + 1 == Self.names {
                try drain(below: 0)
                let kilobytes = try #require(status.residentKiB)
                resident.append((index + 1, kilobytes))
                // Progress for the long run, which takes minutes.
                if Self.names > 12_000 { print("LanguageCostTests: \(index + 1) names: VmRSS \(kilobytes) kB") }
            }
        }

        #expect(replies.wrong.isEmpty, "\(replies.wrong.prefix(10))")
        let settled = resident.filter { $0.names >= every }.map(\.kilobytes)
        let spread = (settled.max() ?? 0) - (settled.min() ?? 0)
        #expect(spread <= 1_024, "VmRSS from \(every) names on moved by \(spread) kB: \(resident)")
        ReliabilityReport.record(
            "\(Self.names) ever new language names: VmRSS \(resident[0].kilobytes) kB before, "
                + "\(resident.last?.kilobytes ?? 0) kB after; from \(every) names on \(spread) kB apart")
    }
}
