import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips tips`: every tip from `GetTips`, in a table.
    func tips() throws(CommandFailure) -> CommandOutcome {
        let tips = try client().perform { client throws(DBusError) in try client.tips.getTips(ids: []) }
        output(json: .array(tips.map { JSONValue($0.encoded) })) {
            var table = TextTable(alignments: [.left, .left, .left, .right])
            table.append(
                ["ID", "STATUS", "LOCATION", "DISPLAYS"].map {
                    TextTable.Cell($0, style: { [style] in style.bold($0) })
                })
            for tip in tips {
                table.append([
                    TextTable.Cell(tip.id), TextTable.Cell(tip.statusText, style: statusStyle(tip.status)),
                    TextTable.Cell(tip.location), TextTable.Cell(String(tip.displayCount)),
                ])
            }
            return table.rendered()
        }
        return .success
    }

    /// Colours the status word at the start of a status text, leaving what follows it plain.
    func statusStyle(_ status: String) -> (String) -> String {
        { [style] text in
            guard text.hasPrefix(status) else { return text }
            return style.status(status) + text.dropFirst(status.count)
        }
    }
}
