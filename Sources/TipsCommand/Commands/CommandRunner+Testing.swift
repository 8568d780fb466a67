import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips testing …`: the testing switches and the display frequency of `org.feels.Tips1.Testing`, which
    /// the service serves only when started with `--testing`.
    func testing(_ action: TestingAction) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let until = "until 'feels-tips testing clear' or until feels-tipsd stops"
        let sentence: String
        switch action {
        case .showAll:
            try client.perform(testing: true) { client throws(DBusError) in try client.testing.showAllTips() }
            sentence = "For testing, every tip shows, whatever its rules and the display window say, \(until)."
        case .show(let ids):
            try client.perform(testing: true) { client throws(DBusError) in try client.testing.showTips(ids: ids) }
            sentence =
                "For testing, \(ids.joined(separator: ", ")) \(ids.count == 1 ? "shows" : "show"), whatever the "
                + "rules and the display window say, \(until); the other tips follow their rules."
        case .hideAll:
            try client.perform(testing: true) { client throws(DBusError) in try client.testing.hideAllTips() }
            sentence = "For testing, no tip shows, \(until)."
        case .clear:
            try client.perform(testing: true) { client throws(DBusError) in try client.testing.clearSwitches() }
            sentence = "Testing switches cleared: the rules and the display window decide again."
        case .frequency(let value):
            let frequency = try client.perform(testing: true) { client throws(DBusError) in
                try client.testing.setDisplayFrequency(frequency: value)
                return try client.tips.displayFrequency()
            }
            output(json: .object([("display_frequency", .string(frequency))])) {
                "For testing, the display frequency is \(frequency) until feels-tipsd stops.\n"
            }
            return .success
        }
        let active = try client.perform(testing: true) { client throws(DBusError) in try client.testing.activeSwitch() }
        output(json: .object([("testing_switch", .string(active))])) { sentence + "\n" }
        return .success
    }
}
