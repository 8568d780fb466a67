// tips-languages --address ADDRESS --pid PID --names N [--every N] [--window N]
//
// Asks the service at ADDRESS (process PID) for MoodStreakTip's words in N language lists it has never seen, every
// name different, through PresentTip with record false (a look that records nothing) and every tenth through GetTips:
// names of no language, which get the service's own words; a German name with a territory no catalog has, which
// gets German under the name as sent; and text that names no language at all, which is left out. Each reply must be
// the words its list asks for and say which language they are in. After every --every names (default 10,000) it
// prints the service's resident set:
//
//   tips-languages: 10000 names: VmRSS 7912 kB
//
// and at the end "tips-languages: N names in S s, every reply in the language asked for". Exits 1 on a wrong reply.

import BusTestSupport
import DBus
import Glibc
import TipsInterface

func fail(_ message: String, status: Int32) -> Never {
    let text = "tips-languages: \(message)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

var address: String?
var pid = 0
var names = 0
var every = 10_000
var window = 16
var remaining = CommandLine.arguments.dropFirst()
while let option = remaining.popFirst() {
    guard let value = remaining.popFirst() else { fail("option '\(option)' needs a value", status: 2) }
    switch option {
    case "--address": address = value
    case "--pid": pid = Int(value) ?? 0
    case "--names": names = Int(value) ?? 0
    case "--every": every = Int(value) ?? 0
    case "--window": window = Int(value) ?? 0
    default: fail("unknown option '\(option)'", status: 2)
    }
}
guard let address, pid > 0, names > 0, every > 0, window > 0 else {
    fail("usage: tips-languages --address ADDRESS --pid PID --names N [--every N] [--window N]", status: 2)
}

/// The service's resident set, in kB, from /proc/PID/status.
func residentKilobytes(of pid: Int) -> Int {
    guard let kilobytes = ProcessStatus(pid: Int32(pid)).residentKiB else {
        fail("no VmRSS in /proc/\(pid)/status", status: 1)
    }
    return kilobytes
}

/// What the `index`-th list asks for: its names, the language the reply must name and whether its words are German.
func request(_ index: Int) -> (languages: [String], language: String, german: Bool) {
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

let connection: DBusConnection
let words: (english: String, german: String)
do {
    connection = try DBusConnection(address: address)
    let tips = Tips1Client(connection: connection, timeout: .seconds(60))
    let peek = Tips1.PresentOptions(languages: ["C"], record: false)
    let english = try tips.presentTip(id: "MoodStreakTip", options: peek).tip.title
    let german = try tips.presentTip(id: "MoodStreakTip", options: .init(languages: ["de"], record: false)).tip.title
    guard english != german else { fail("the service has no German words ('\(german)')", status: 1) }
    words = (english, german)
} catch {
    fail("\(error)", status: 1)
}

let tips = Tips1Client(connection: connection, timeout: .seconds(120))
var inFlight = 0
var wrong: [String] = []

/// Checks one reply against what its list asked for.
@MainActor func check(
    _ result: Result<Tips1.Tip?, DBusError>, _ asked: (languages: [String], language: String, german: Bool)
) {
    inFlight -= 1
    let expected = asked.german ? words.german : words.english
    switch result {
    case .success(let tip?) where tip.title == expected && tip.language == asked.language:
        return
    case .success(let tip):
        if wrong.count < 10 {
            wrong.append("\(asked.languages): '\(tip?.title ?? "no tip")' in '\(tip?.language ?? "")'")
        }
    case .failure(let error):
        if wrong.count < 10 { wrong.append("\(asked.languages): \(error)") }
    }
}

@MainActor func drain(below limit: Int) {
    while inFlight > limit {
        guard connection.readWriteDispatch(timeout: .milliseconds(100)) else { fail("lost the bus", status: 1) }
    }
}

let started = ContinuousClock.now
print("tips-languages: 0 names: VmRSS \(residentKilobytes(of: pid)) kB")
for index in 0..<names {
    let asked = request(index)
    inFlight += 1
    do {
        if index % 10 == 9 {
            try tips.getTips(ids: ["MoodStreakTip"], options: .init(languages: asked.languages)) { result in
                check(result.map(\.first), asked)
            }
        } else {
            try tips.presentTip(id: "MoodStreakTip", options: .init(languages: asked.languages, record: false)) {
                result in check(result.map { $0.tip }, asked)
            }
        }
    } catch {
        fail("\(error)", status: 1)
    }
    drain(below: window - 1)
    if (index + 1) % every == 0 || index + 1 == names {
        drain(below: 0)
        print("tips-languages: \(index + 1) names: VmRSS \(residentKilobytes(of: pid)) kB")
        fflush(nil)
    }
}
let elapsed = ContinuousClock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
for line in wrong {
    print("tips-languages: WRONG \(line)")
}
print(
    "tips-languages: \(names) names in \(Int(seconds.rounded())) s, "
        + (wrong.isEmpty ? "every reply in the language asked for" : "wrong replies"))
exit(wrong.isEmpty ? 0 : 1)
