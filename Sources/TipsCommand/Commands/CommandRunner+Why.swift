import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips why ID`: each rule with its value, what the display window does, and the explanation.
    func why(_ id: String) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let tip = try client.tip(id)
        let (frequency, nextDisplayTime) = try client.perform { client throws(DBusError) in
            (try client.tips.displayFrequency(), try client.tips.nextDisplayTime())
        }
        let window = DisplayWindowFacts(frequency: frequency, nextDisplayTime: nextDisplayTime, now: LocalTime.now)
        let keys: [Tips1.Tip.Key] = [
            .id, .status, .invalidationReason, .override, .shouldDisplay, .displayCount, .rules, .heldBackBy,
            .heldUntil,
        ]
        let fields = tip.encoded.vardictValue ?? [:]
        var members: [(String, JSONValue)] = keys.map { key in
            (key.rawValue, fields[key.rawValue].map { JSONValue($0) } ?? .null)
        }
        members.append(("display_frequency", .string(frequency)))
        members.append(("next_display_time", .integer(nextDisplayTime)))
        members.append((Tips1.Tip.Key.explanation.rawValue, .string(tip.explanation)))
        let json = JSONValue.object(members)
        output(json: json) { text(of: tip, window: window) }
        return .success
    }

    /// What `why` prints: a summary line, the rules in columns, the display window and the explanation.
    private func text(of tip: Tips1.Tip, window: DisplayWindowFacts) -> String {
        var text = summary(of: tip) + "\n\n"
        let rules = tip.rules
        if rules.isEmpty {
            text += "Rules: none; it is always eligible.\n"
        } else {
            text += style.bold("Rules:") + "\n"
            var table = TextTable()
            for rule in rules {
                let verdict = rule.satisfied ? "holds" : "does not hold"
                let verdictStyle: (String) -> String = { [style] in rule.satisfied ? style.good($0) : style.bad($0) }
                table.append([
                    TextTable.Cell("  " + rule.text), TextTable.Cell("now \(rule.valueText)"),
                    TextTable.Cell(verdict, style: verdictStyle),
                ])
            }
            text += table.rendered()
        }
        text += "\n" + style.bold("Display window:") + " " + window.sentence(for: tip) + "\n"
        text += style.bold("Explanation:") + " " + tip.explanation + "\n"
        return text
    }

    /// The first line of `why`: the tip, its status, and in a few words what that means.
    private func summary(of tip: Tips1.Tip) -> String {
        let name = style.bold(tip.id)
        switch (tip.override, tip.status) {
        case ("shown", _): return "\(name) is \(style.good("shown for testing")), whatever its rules say."
        case ("hidden", _): return "\(name) is \(style.bad("hidden for testing")), whatever its rules say."
        case (_, "invalidated"):
            return "\(name) is \(style.status("invalidated")) (\(tip.invalidationReason)): it is not shown again "
                + "until 'feels-tips reset'."
        case (_, "pending"):
            let failing = tip.rules.filter { !$0.satisfied }.count
            return "\(name) is \(style.status("pending")): "
                + (failing == 1 ? "a rule does not hold." : "\(failing) rules do not hold.")
        case (_, "available"):
            return "\(name) is \(style.status("available")): every rule holds"
                + (tip.shouldDisplay ? ", and it should display now." : ", but it should not display now.")
        default:
            return "\(name) is \(tip.status)."
        }
    }
}
