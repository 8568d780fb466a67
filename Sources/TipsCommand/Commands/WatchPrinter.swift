import DBus

/// Writes one line for each signal `watch` receives: text starting with the local time, or a JSON object.
struct WatchPrinter {
    /// One JSON object a line instead of text.
    let json: Bool
    /// Colour, or plain text.
    let style: TextStyle
    /// Writes to standard output at once.
    let write: (String) -> Void

    /// The first line: who serves the name.
    func watching(owner: String?, version: String, bus: String) {
        let who = owner.map { "feels-tipsd \(version) as \($0)" } ?? "not served now"
        line(
            "watching", [("owner", .optional(owner)), ("version", .string(version))],
            text: "\(TipsClient.busName) on \(bus): \(who). Ctrl-C stops.")
    }

    /// A line for `message`, if it is a signal `watch` follows.
    func print(_ message: DBusMessage) {
        guard message.type == .signal, let member = message.member?.rawValue,
            let arguments = try? message.arguments
        else { return }
        switch (message.interface?.rawValue, member) {
        case ("org.feels.Tips1", "TipStatusChanged"):
            guard arguments.count == 2, let id = arguments[0].stringValue, let status = arguments[1].stringValue
            else { return }
            line(member, [("id", .string(id)), ("status", .string(status))], text: "\(id) \(style.status(status))")
        case ("org.feels.Tips1", "TipChanged"):
            guard arguments.count == 2, let id = arguments[0].stringValue, let changes = arguments[1].dictionaryValue
            else { return }
            line(member, [("id", .string(id)), ("changes", JSONValue(arguments[1]))], text: id + assignments(changes))
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
            guard arguments.count == 3, arguments[0].stringValue == TipsClient.interface.rawValue,
                let changed = arguments[1].dictionaryValue, let invalidated = arguments[2].stringArrayValue
            else { return }
            let text = String(assignments(changed).dropFirst()) + invalidated.map { " \($0) changed" }.joined()
            line(member, [("changed", JSONValue(arguments[1])), ("invalidated", JSONValue(arguments[2]))], text: text)
        case ("org.freedesktop.DBus", "NameOwnerChanged"):
            guard arguments.count == 3, arguments[0].stringValue == TipsClient.busName.rawValue,
                let old = arguments[1].stringValue, let new = arguments[2].stringValue
            else { return }
            let text =
                new.isEmpty
                ? "feels-tipsd stopped (was \(old))"
                : old.isEmpty ? "feels-tipsd started as \(new)" : "\(TipsClient.busName) moved from \(old) to \(new)"
            line(
                member,
                [("old_owner", old.isEmpty ? .null : .string(old)), ("new_owner", new.isEmpty ? .null : .string(new))],
                text: text)
        case ("org.feels.Tips1", _):
            // A signal of a newer interface: shown as it came rather than dropped.
            line(
                member, [("arguments", .array(arguments.map(JSONValue.init)))],
                text: arguments.map(ValueText.plain).joined(separator: " "))
        default:
            return
        }
    }

    /// ` status=available should_display=true`: each entry of an `a{sv}` dictionary, each after a space.
    private func assignments(_ entries: [DBusDictEntry]) -> String {
        entries.map { entry in
            let name = entry.key.stringValue ?? ValueText.plain(entry.key)
            let value = entry.value.variantValue ?? entry.value
            return " " + ValueText.assignment(name, value)
        }.joined()
    }

    private func line(_ event: String, _ members: [(String, JSONValue)], text: String) {
        let now = LocalTime.now
        if json {
            let object = JSONValue.object(
                [("time", .string(LocalTime.iso8601(now))), ("event", .string(event))] + members)
            write(object.encoded(pretty: false) + "\n")
        } else {
            let label = event == "watching" ? "Watching" : event
            let padding = String(repeating: " ", count: max(0, 17 - label.count))
            write("\(LocalTime.timestamp(now))  \(style.bold(label))\(padding)  \(text)\n")
        }
    }
}
