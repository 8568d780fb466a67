extension CommandRunner {
    /// `feels-tips why ID`: each rule with its value, what the display window does, and the explanation.
    func why(_ id: String) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let tip = try client.tip(id)
        let frequency = try client.property("DisplayFrequency")
        let nextDisplayTime = try client.property("NextDisplayTime")
        let window = DisplayWindowFacts(
            frequency: frequency.stringValue ?? "", nextDisplayTime: nextDisplayTime.int64Value ?? 0,
            now: LocalTime.now)
        let keys = [
            "id", "status", "invalidation_reason", "override", "should_display", "display_count", "rules",
            "held_back_by", "held_until",
        ]
        var members: [(String, JSONValue)] = keys.map { key in (key, tip[key].map { JSONValue($0) } ?? .null) }
        members.append(("display_frequency", JSONValue(frequency)))
        members.append(("next_display_time", JSONValue(nextDisplayTime)))
        members.append(("explanation", .string(tip.explanation)))
        let json = JSONValue.object(members)
        output(json: json) { text(of: tip, window: window) }
        return .success
    }

    /// What `why` prints: a summary line, the rules in columns, the display window and the explanation.
    private func text(of tip: TipDetails, window: DisplayWindowFacts) -> String {
        var text = summary(of: tip) + "\n\n"
        let rules = tip.rules
        if rules.isEmpty {
            text += "Rules: none; it is always eligible.\n"
        } else {
            text += style.bold("Rules:") + "\n"
            var table = TextTable()
            for rule in rules {
                let verdict = rule.isSatisfied ? "holds" : "does not hold"
                let verdictStyle: (String) -> String = { [style] in rule.isSatisfied ? style.good($0) : style.bad($0) }
                table.append([
                    TextTable.Cell("  " + rule.text), TextTable.Cell("now \(rule.value)"),
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
    private func summary(of tip: TipDetails) -> String {
        let name = style.bold(tip.id)
        switch (tip.override, tip.status) {
        case ("shown", _): return "\(name) is \(style.good("shown for testing")), whatever its rules say."
        case ("hidden", _): return "\(name) is \(style.bad("hidden for testing")), whatever its rules say."
        case (_, "invalidated"):
            return "\(name) is \(style.status("invalidated")) (\(tip.invalidationReason)): it is not shown again "
                + "until 'feels-tips reset'."
        case (_, "pending"):
            let failing = tip.rules.filter { !$0.isSatisfied }.count
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

/// What `why` needs to say about the display window: the display frequency and when a new tip may next appear.
struct DisplayWindowFacts {
    /// `DisplayFrequency`: `daily`, `immediate`, a number of seconds.
    var frequency: String
    /// `NextDisplayTime`: microseconds since the epoch, 0 for now.
    var nextDisplayTime: Int64
    /// The current instant.
    var now: Int64

    /// What the display window does to `tip`, in plain words.
    func sentence(for tip: TipDetails) -> String {
        if tip.override == "shown" {
            return "it does not apply: a testing switch shows the tip ('feels-tips testing clear' ends it)."
        }
        if tip.override == "hidden" {
            return "it does not matter: a testing switch hides the tip ('feels-tips testing clear' ends it)."
        }
        if tip.status == "invalidated" {
            return "it does not matter: an invalidated tip is not shown."
        }
        if tip.ignoresDisplayFrequency {
            return "it does not apply: this tip neither waits for the display window nor opens one."
        }
        if tip.heldBackBy == "display-window" {
            return "it holds the tip back. Another tip first appeared less than one display frequency (\(frequency)) "
                + "ago, and new tips wait until \(until(tip.heldUntil))."
        }
        if tip.displayCount > 0 {
            return "it does not hold the tip back: the tip has appeared before, and a tip already shown keeps "
                + "showing."
        }
        if frequency == "immediate" {
            return "there is none: the display frequency is immediate."
        }
        if tip.status == "pending" {
            guard nextDisplayTime > now else {
                return "it lets a new tip appear now; once the tip's rules hold, it may show."
            }
            return "once the tip's rules hold, it may still wait: new tips wait until \(until(nextDisplayTime))."
        }
        return "it lets a new tip appear now. The tip's first appearance opens a new window of one display "
            + "frequency (\(frequency)), during which no other tip may first appear."
    }

    /// `Tue 2026-12-01 17:11:37 CET (in 23 h 59 min)`.
    private func until(_ microseconds: Int64) -> String {
        let time = LocalTime.text(microseconds)
        return microseconds > now ? "\(time) (\(LocalTime.relative(microseconds, from: now)))" : time
    }
}
