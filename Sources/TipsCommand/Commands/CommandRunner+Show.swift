import TipsInterface

extension CommandRunner {
    /// `feels-tips show ID`: everything `GetTip` gives, readable.
    func show(_ id: String) throws(CommandFailure) -> CommandOutcome {
        let tip = try client().tip(id)
        output(json: JSONValue(tip.encoded)) {
            let text = style.bold(tip.id) + ": " + tip.title + "\n  " + tip.message + "\n\n"
            var table = TextTable.labels()
            table.append([
                TextTable.Cell("Status:"), TextTable.Cell(tip.statusText, style: statusStyle(tip.status)),
            ])
            table.append(["Location:", tip.location])
            table.append(["Icon:", "\(tip.iconName) (SF Symbol \(tip.symbol))"])
            table.append(["Displays:", String(tip.displayCount)])
            table.append(["First displayed:", Self.instant(tip.firstDisplayed)])
            table.append(["Last displayed:", Self.instant(tip.lastDisplayed)])
            table.append([
                "Max displays:", tip.maxDisplayCount == 0 ? "no limit" : String(tip.maxDisplayCount),
            ])
            table.append([
                "Display window:", tip.ignoresDisplayFrequency ? "ignored (neither waits nor opens one)" : "applies",
            ])
            table.append(["Should display:", tip.shouldDisplay ? "yes" : "no"])
            table.append(["Testing override:", tip.override.isEmpty ? "none" : "\(tip.override) for testing"])
            let rules = tip.rules
            if rules.isEmpty {
                table.append(["Rules:", "none"])
            }
            for (index, rule) in rules.enumerated() {
                table.append([
                    TextTable.Cell(index == 0 ? "Rules:" : ""),
                    TextTable.Cell(
                        "\(rule.text) (now \(rule.valueText)): " + (rule.satisfied ? "holds" : "does not hold"),
                        style: ruleStyle(rule)),
                ])
            }
            table.append([
                "Held back:",
                tip.heldBackBy.isEmpty
                    ? "no" : "by the \(Self.holdName(tip.heldBackBy)) until \(Self.instant(tip.heldUntil))",
            ])
            table.append(["Explanation:", tip.explanation])
            table.append(["Language:", tip.language.isEmpty ? "the Feels app's own English" : tip.language])
            return text + table.rendered()
        }
        return .success
    }

    /// A tip's time: `Tue 2026-12-01 17:11:37 CET`, or `never` for 0.
    static func instant(_ microseconds: Int64) -> String {
        microseconds == 0 ? "never" : LocalTime.text(microseconds)
    }

    /// What holds a tip back, in words: `display-window` is the display window.
    static func holdName(_ name: String) -> String {
        name == "display-window" ? "display window" : name
    }

    /// Colours the verdict at the end of a rule's line.
    func ruleStyle(_ rule: Tips1.Rule) -> (String) -> String {
        { [style] text in
            let verdict = rule.satisfied ? "holds" : "does not hold"
            guard text.hasSuffix(verdict) else { return text }
            return text.dropLast(verdict.count) + (rule.satisfied ? style.good(verdict) : style.bad(verdict))
        }
    }
}
