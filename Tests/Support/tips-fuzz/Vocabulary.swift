import DBus
import TipsInterface

/// Words the service gives meaning to, and near misses of them, so that random calls often reach past the argument
/// checks into the handlers: moods, tip ids, locations, reasons, frequencies, languages, and the names of the
/// contract's interfaces, members, properties and option keys, as generated from it.
enum Vocabulary {
    /// The contract's interfaces, as generated from it (the tables alone, serving nothing).
    static var contract: [DBusInterface] { [Tips1.definition(serving: nil), Tips1Testing.definition(serving: nil)] }

    /// One method of the contract: its interface, its name, and the signatures of its inputs and outputs.
    struct Method: Sendable {
        let interface: String
        let name: String
        let inputs: [DBusSignature]
        let outputs: String
    }

    static let methods = contract.flatMap { interface in
        interface.methods.map { method in
            Method(
                interface: interface.name.rawValue, name: method.name.rawValue, inputs: method.inputs,
                outputs: method.outputs.map(\.rawValue).joined())
        }
    }

    static let moods = ["horrible", "bad", "average", "good", "great"]
    static let tips = [
        "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip", "TimeViewTip",
        "MoodStreakTip",
    ]
    static let locations = ["", "CustomizeContentView", "InsightsView", "SettingsContentView", "DayView", "Kitchen"]
    static let reasons = [
        "action-performed", "tip-closed", "actionPerformed", "tipClosed", "display-count-exceeded", "closed",
        "tip_closed",
    ]
    static let frequencies = [
        "immediate", "hourly", "daily", "weekly", "monthly", "0", "1", "86400", "3155760000", "3155760001", "-1",
        "99999999999999999999999", "1e9", " daily", "",
    ]
    /// Languages as POSIX names and BCP 47 tags, valid, unknown and hostile.
    static let locales = [
        "de_DE.UTF-8", "de_DE", "de", "de-DE", "DE-de", "C", "POSIX", "C.UTF-8", "en_US.UTF-8", "pt-BR", "sr@latin",
        "xx_YY.UTF-8", "de_DE@euro", "de_DE.UTF-8:en", "../de_DE", "/tmp", "..", "de_DE.UTF-8/../../../etc", "",
    ]

    /// The standard interfaces every object answers.
    static let peer = "org.freedesktop.DBus.Peer"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"
    /// Their members, each with the signature of its inputs.
    static let standardMembers: [(interface: String, member: String, inputs: String)] = [
        (peer, "Ping", ""), (peer, "GetMachineId", ""), (introspectable, "Introspect", ""), (properties, "Get", "ss"),
        (properties, "GetAll", "s"), (properties, "Set", "ssv"),
    ]

    /// The contract's interfaces, the standard ones, and near misses of the contract's.
    static let interfaces: [String] = {
        let names = contract.map(\.name.rawValue)
        let near = names.flatMap { [$0.lowercased(), $0 + ".Error", $0.replacing("1", with: "2")] }
        return names + [peer, introspectable, properties, "org.freedesktop.DBus", "org.freedesktop.DBus.ObjectManager"]
            + near
    }()
    /// Every method of the contract and every standard member.
    static let members = methods.map(\.name) + standardMembers.map(\.member)
    static let propertyNames = contract.flatMap { $0.properties.map(\.name.rawValue) }

    /// Every key of the contract's dictionaries with its type, from the interfaces' annotations
    /// `org.feels.Tips.Dictionary.TYPE.KEY` in the generated introspection XML (one a line), whose value starts with
    /// the key's signature.
    static let optionKeys: [(name: String, signature: String)] = {
        var seen = Set<String>()
        let prefix = "<annotation name=\"org.feels.Tips.Dictionary."
        return (Tips1.introspection + Tips1Testing.introspection).split(separator: "\n").compactMap { line in
            guard let start = line.firstRange(of: prefix) else { return nil }
            let rest = line[start.upperBound...]
            let path = rest.prefix { $0 != "\"" }.split(separator: ".")
            // The value is the annotation's other attribute: its attribute's name is a key of the contract's, which
            // no literal outside the generated code may spell.
            guard path.count == 2, seen.insert(String(path[1])).inserted, let value = rest.firstRange(of: "=\"")
            else { return nil }
            return (String(path[1]), String(rest[value.upperBound...].prefix { !" ?:\"".contains($0) }))
        }
    }()

    /// A word of the service's, in another letter case or with a space or a mark now and then.
    static func word(_ dice: Dice) -> String {
        let lists = [moods, tips, locations, reasons, frequencies, locales, interfaces, members, propertyNames]
        let word = dice.pick(dice.pick(lists))
        switch dice.int(0...9) {
        case 0: return word.uppercased()
        case 1: return word.lowercased()
        case 2: return " " + word
        case 3: return word + "\u{301}"
        default: return word
        }
    }
}
