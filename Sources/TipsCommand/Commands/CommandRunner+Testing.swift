import DBus

extension CommandRunner {
    /// `feels-tips testing …`: the testing switches and the display frequency, for testing.
    func testing(_ action: TestingAction) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let until = "until 'feels-tips testing clear' or until feels-tipsd stops"
        let sentence: String
        switch action {
        case .showAll:
            try client.call("ShowAllTipsForTesting")
            sentence = "For testing, every tip shows, whatever its rules and the display window say, \(until)."
        case .show(let ids):
            try client.call("ShowTipsForTesting", [.strings(ids)])
            sentence =
                "For testing, \(ids.joined(separator: ", ")) \(ids.count == 1 ? "shows" : "show"), whatever the "
                + "rules and the display window say, \(until); the other tips follow their rules."
        case .hideAll:
            try client.call("HideAllTipsForTesting")
            sentence = "For testing, no tip shows, \(until)."
        case .clear:
            try client.call("ClearTestingOverrides")
            sentence = "Testing switches cleared: the rules and the display window decide again."
        case .frequency(let value):
            try client.call("SetDisplayFrequency", [.string(value)])
            let frequency = try client.property("DisplayFrequency")
            output(json: .object([("display_frequency", JSONValue(frequency))])) {
                "For testing, the display frequency is \(ValueText.plain(frequency)) until feels-tipsd stops.\n"
            }
            return .success
        }
        let override = try client.property("TestingOverride")
        output(json: .object([("testing_override", JSONValue(override))])) { sentence + "\n" }
        return .success
    }
}
