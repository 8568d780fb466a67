import DBus
import TipsInterface

extension CommandRunner {
    private typealias Key = Tips1.Tip.Key

    /// `feels-tips next [LOCATION]`: what `PresentNextTip` would show, recording nothing (its `record` option false).
    func next(_ location: String) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let reply = try client.perform { client throws(DBusError) in
            try client.tips.presentNextTip(location: location, options: Tips1.PresentOptions(record: false))
        }
        guard reply.shown, let tip = reply.tip else {
            if invocation.json {
                writeJSON(
                    .object([(Key.location.rawValue, .string(location)), (Key.id.rawValue, .null), ("tip", .null)]))
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
            json: .object([
                (Key.location.rawValue, .string(location)), (Key.id.rawValue, .string(tip.id)),
                ("tip", JSONValue(tip.encoded)),
            ])
        ) {
            style.bold(tip.id) + ": " + tip.title + "\n"
        }
        return .success
    }
}
