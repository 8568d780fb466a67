import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips next [LOCATION]`: what `PresentNextTip` would show, recording nothing (its `record` option false).
    func next(_ location: String) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let reply = try client.perform { client throws(DBusError) in
            try client.tips.presentNextTip(location: location, options: Tips1.PresentOptions(record: false))
        }
        guard let tip = reply.tip else {
            if invocation.json {
                writeJSON(.object([("location", .string(location)), ("id", .null), ("tip", .null)]))
            }
            let place = location.isEmpty ? "" : " at \(location)"
            var notice = "No tip to show now\(place)."
            let next = try client.perform { client throws(DBusError) in try client.tips.nextDisplayTime() }
            if next > LocalTime.now {
                notice += " New tips wait for the display window until \(LocalTime.text(next))."
            }
            return CommandOutcome(.nothingToShow, notice: notice)
        }
        output(
            json: .object([("location", .string(location)), ("id", .string(tip.id)), ("tip", JSONValue(tip.encoded))])
        ) {
            style.bold(tip.id) + ": " + tip.title + "\n"
        }
        return .success
    }
}
