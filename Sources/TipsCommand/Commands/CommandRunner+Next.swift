extension CommandRunner {
    /// `feels-tips next [LOCATION]`: what `DisplayNextTip` would show, through `PeekNextTip`, recording nothing.
    func next(_ location: String) throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let id = try client.value(of: "PeekNextTip", [.string(location)], signature: "s").stringValue ?? ""
        guard !id.isEmpty else {
            if invocation.json {
                writeJSON(.object([("location", .string(location)), ("id", .null), ("tip", .null)]))
            }
            let place = location.isEmpty ? "" : " at \(location)"
            var notice = "No tip to show now\(place)."
            let next = try client.property("NextDisplayTime").int64Value ?? 0
            if next > LocalTime.now {
                notice += " New tips wait for the display window until \(LocalTime.text(next))."
            }
            return CommandOutcome(.nothingToShow, notice: notice)
        }
        let tip = try client.tip(id)
        output(json: .object([("location", .string(location)), ("id", .string(id)), ("tip", JSONValue(tip.value))])) {
            style.bold(id) + ": " + tip.title + "\n"
        }
        return .success
    }
}
