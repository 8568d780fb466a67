import DBus
import TipsInterface

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
            text: "\(Tips1.busName) on \(bus): \(who). Ctrl-C stops.")
    }

    /// A line for `message`, if it is a signal `watch` follows.
    func print(_ message: DBusMessage) {
        if let signal = Tips1.SignalMessage(message) {
            switch signal {
            case .tipChanged(let id, let location, let decoded):
                // The changes as they came, keys this version does not know included: the list is open.
                let changes = (try? message.arguments)?.last ?? decoded.encoded
                line(
                    Tips1.Signal.tipChanged.name.rawValue,
                    [
                        (Tips1.Tip.Key.id.rawValue, .string(id)), (Tips1.Tip.Key.location.rawValue, .string(location)),
                        ("changes", JSONValue(changes)),
                    ], text: "\(id) at \(location)" + assignments(changes.dictionaryValue ?? [], style: true))
            }
            return
        }
        guard message.type == .signal, let member = message.member?.rawValue,
            let arguments = try? message.arguments
        else { return }
        switch (message.interface?.rawValue, member) {
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
            guard arguments.count == 3, let interface = arguments[0].stringValue,
                [Tips1.name.rawValue, Tips1Testing.name.rawValue].contains(interface),
                let changed = arguments[1].dictionaryValue, let invalidated = arguments[2].stringArrayValue
            else { return }
            let text = String(assignments(changed).dropFirst()) + invalidated.map { " \($0) changed" }.joined()
            line(
                member,
                [
                    ("interface", .string(interface)), ("changed", JSONValue(arguments[1])),
                    ("invalidated", JSONValue(arguments[2])),
                ], text: text)
        case ("org.freedesktop.DBus", "NameOwnerChanged"):
            guard arguments.count == 3, arguments[0].stringValue == Tips1.busName.rawValue,
                let old = arguments[1].stringValue, let new = arguments[2].stringValue
            else { return }
            let text =
                new.isEmpty
                ? "feels-tipsd stopped (was \(old))"
                : old.isEmpty ? "feels-tipsd started as \(new)" : "\(Tips1.busName) moved from \(old) to \(new)"
            line(
                member,
                [("old_owner", old.isEmpty ? .null : .string(old)), ("new_owner", new.isEmpty ? .null : .string(new))],
                text: text)
        default:
            return
        }
    }

    /// ` status=available should_display=true`: each entry of an `a{sv}` dictionary, each after a space; with
    /// `style`, a status in its colour.
    private func assignments(_ entries: [DBusDictEntry], style colouring: Bool = false) -> String {
        entries.map { entry in
            let name = entry.key.stringValue ?? ValueText.plain(entry.key)
            let value = entry.value.variantValue ?? entry.value
            if colouring, name == Tips1.TipChanges.Key.status.rawValue, let status = value.stringValue {
                return " \(name)=" + style.status(status)
            }
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
