import TipsInterface

extension CommandRunner {
    /// `feels-tips show ID`: everything `GetTips` gives of the tip, readable.
    func show(_ id: String) throws(CommandFailure) -> CommandOutcome {
        let tip = try client().tip(id)
        output(json: JSONValue(tip.encoded)) {
            let text = style.bold(tip.id) + ": " + tip.title + "\n  " + tip.message + "\n\n"
            var table = TextTable.labels()
            table.append([
                TextTable.Cell("Status:"), TextTable.Cell(tip.statusText, style: statusStyle(tip.status)),
            ])
            table.append(["Location:", tip.location])
            table.append(["Icons:", tip.iconNames.joined(separator: ", ") + " (SF Symbol \(tip.symbol))"])
            table.append(["Notification:", "\(tip.notificationTitle): \(tip.notificationBody)"])
            table.append(["Displays:", String(tip.displayCount)])
            table.append(["First displayed:", Self.instant(tip.firstDisplayed)])
            table.append(["Last displayed:", Self.instant(tip.lastDisplayed)])
            table.append(["Notified:", Self.instant(tip.notifiedAt)])
            table.append([
                "Max displays:", tip.maxDisplayCount == 0 ? "no limit" : String(tip.maxDisplayCount),
            ])
            table.append([
                "Display window:", tip.ignoresDisplayFrequency ? "ignored (neither waits nor opens one)" : "applies",
            ])
            table.append(["Should display:", tip.shouldDisplay ? "yes" : "no"])
            table.append(["Testing switch:", tip.override.isEmpty ? "none" : "\(tip.override) for testing"])
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
            table.append(["Held back:", Self.hold(of: tip)])
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

    /// What holds a tip back and until when, in words: `by the display window until Tue 2026-12-01 17:11:37 CET`,
    /// `by its desktop notification, while it is on screen`, or `no`.
    static func hold(of tip: Tips1.Tip) -> String {
        let until = tip.heldUntil == 0 ? "" : " until \(instant(tip.heldUntil))"
        switch tip.heldBackBy {
        case "": return "no"
        case "display-window": return "by the display window" + until
        case "notification": return "by its desktop notification, while it is on screen" + until
        // The list is open: a later service may hold tips back for reasons this one does not know.
        case let other: return "by \(other)" + until
        }
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
