import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips invalidate ID REASON`: `InvalidateTip`, then the tip's status.
    func invalidate(_ id: String, reason: String) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        try client.perform { client throws(DBusError) in try client.tips.invalidateTip(id: id, reason: reason) }
        let tip = try client.tip(id)
        output(
            json: .object([
                (Tips1.Tip.Key.id.rawValue, .string(tip.id)), (Tips1.Tip.Key.status.rawValue, .string(tip.status)),
                (Tips1.Tip.Key.invalidationReason.rawValue, .string(tip.invalidationReason)),
            ])
        ) {
            guard tip.override.isEmpty else {
                let switchDoes = tip.override == "shown" ? "shows" : "hides"
                return "\(style.bold(tip.id)) is invalidated; meanwhile a testing switch \(switchDoes) it, until "
                    + "'feels-tips testing clear'.\n"
            }
            return "\(style.bold(tip.id)) is \(style.status(tip.status)) (\(tip.invalidationReason)): it is not "
                + "shown again until 'feels-tips reset'.\n"
        }
        return .success
    }
}
