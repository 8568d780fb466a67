import TipsInterface

/// Words the service gives meaning to, and near misses of them, so that random calls often reach past the argument
/// checks into the handlers: moods, tip ids, locations, reasons, frequencies, languages, names of interfaces,
/// members and properties (the contract's from the generated names).
enum Vocabulary {
    static let moods = ["horrible", "bad", "average", "good", "great"]
    static let tips = [
        "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip", "TimeViewTip",
        "MoodStreakTip",
    ]
    static let locations = [
        "", "CustomizeContentView", "InsightsView", "SettingsContentView", "DayView", "Kitchen",
    ]
    static let reasons = [
        "action-performed", "tip-closed", "actionPerformed", "tipClosed", "display-count-exceeded",
        "displayCountExceeded", "closed", "tip_closed",
    ]
    static let frequencies = [
        "immediate", "hourly", "daily", "weekly", "monthly", "0", "1", "86400", "3155760000", "3155760001", "-1",
        "10000000000000", "99999999999999999999999", "1e9", " daily", "",
    ]
    /// Languages as POSIX names and BCP 47 tags, valid, unknown and hostile.
    static let locales = [
        "de_DE.UTF-8", "de_DE", "de", "de-DE", "de-AT", "DE-de", "C", "POSIX", "C.UTF-8", "en_US.UTF-8", "en",
        "pt-BR", "zh-Hant-TW", "sr@latin", "xx_YY.UTF-8", "de_DE@euro", "de_DE.UTF-8:en", "../de_DE", "/tmp", ".",
        "..", "de_DE.UTF-8/../../../etc", "-", "",
    ]
    /// The contract's interfaces, the standard ones, and near misses of the contract's.
    static let interfaces: [String] = {
        let contract = [Tips1.name.rawValue, Tips1Testing.name.rawValue]
        let near = contract.flatMap { name in [name.lowercased(), name + ".Error", name.replacing("1", with: "2")] }
        let standard = [
            "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties",
            "org.freedesktop.DBus", "org.freedesktop.DBus.ObjectManager",
        ]
        return contract + standard + near + [""]
    }()
    static let standardMembers = ["Ping", "GetMachineId", "Introspect", "Get", "GetAll", "Set"]

    /// A word of the service's, in any letter case now and then.
    static func word(_ dice: Dice, properties: [String]) -> String {
        let lists = [moods, tips, locations, reasons, frequencies, locales, interfaces, properties, standardMembers]
        let word = dice.pick(dice.pick(lists.filter { !$0.isEmpty }))
        switch dice.int(0...9) {
        case 0: return word.uppercased()
        case 1: return word.lowercased()
        case 2: return " " + word
        case 3: return word + "\u{301}"
        default: return word
        }
    }
}
