/// Words the service gives meaning to, and near misses of them, so that random calls often reach past the argument
/// checks into the handlers: moods, tip ids, locations, reasons, frequencies, locales, names of members and
/// properties.
enum Vocabulary {
    static let moods = ["horrible", "bad", "average", "good", "great"]
    static let tips = [
        "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip", "TimeViewTip",
        "MoodStreakTip",
    ]
    static let locations = [
        "", "CustomizeContentView", "InsightsView", "SettingsContentView", "DayView", "Kitchen",
    ]
    static let reasons = ["actionPerformed", "tipClosed", "displayCountExceeded", "closed"]
    static let frequencies = [
        "immediate", "hourly", "daily", "weekly", "monthly", "0", "1", "86400", "3155760000", "3155760001", "-1",
        "10000000000000", "99999999999999999999999", "1e9", " daily", "",
    ]
    static let locales = [
        "de_DE.UTF-8", "de_DE", "de", "C", "POSIX", "C.UTF-8", "en_US.UTF-8", "xx_YY.UTF-8", "de_DE@euro", "../de_DE",
        "/tmp", ".", "..", "de_DE.UTF-8/../../../etc", "",
    ]
    static let interfaces = [
        "org.feels.Tips1", "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Introspectable",
        "org.freedesktop.DBus.Properties", "org.feels.Tips2", "org.feels.tips1", "org.feels.Tips1.Error",
        "org.freedesktop.DBus", "org.freedesktop.DBus.ObjectManager", "",
    ]
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
