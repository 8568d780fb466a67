import Foundation
import Testing
import TipsCore

@Suite("The Feels catalog")
struct CatalogTests {
    @Test func theCatalogHasTheSevenFeelsTipsInTheAppsOrder() {
        #expect(
            TipCatalog.feels.map(\.id.rawValue) == [
                "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip",
                "TimeViewTip", "MoodStreakTip",
            ])
    }

    struct Expected: Sendable, CustomTestStringConvertible {
        let id: TipID
        let title: String
        let message: String
        let symbol: String
        let location: TipLocation
        let rules: [String]
        var testDescription: String { id.rawValue }
    }

    static let seed: [Expected] = [
        Expected(
            id: .customizeLayout, title: "Personalize Your Experience",
            message: "Tap here to customize mood icons, colors, and layouts.", symbol: "paintbrush",
            location: .customizeContentView, rules: []),
        Expected(
            id: .aiInsights, title: "Discover AI Insights",
            message: "Get personalized insights about your mood patterns powered by Apple Intelligence.",
            symbol: "brain", location: .insightsView, rules: ["has-logged-moods >= 7"]),
        Expected(
            id: .siriShortcut, title: "Use Siri to Log Moods",
            message: "Say 'Hey Siri, log my mood as great in Feels' for hands-free logging.", symbol: "mic.fill",
            location: .settingsContentView, rules: ["mood-log-count >= 3"]),
        Expected(
            id: .healthKitSync, title: "Sync with Apple Health",
            message: "Connect to Apple Health to see your mood data alongside sleep, exercise, and more.",
            symbol: "heart.fill", location: .settingsContentView,
            rules: ["has-seen-settings == true"]),
        Expected(
            id: .widgetVoting, title: "Vote from Your Home Screen",
            message: "Add the Mood Vote widget to quickly log your mood without opening the app.",
            symbol: "square.grid.2x2", location: .dayView, rules: ["days-using-app >= 2"]),
        Expected(
            id: .timeView, title: "View Your History",
            message: "Switch between Day, Month, and Year views to see your mood patterns over time.",
            symbol: "calendar", location: .dayView, rules: []),
        Expected(
            id: .moodStreak, title: "Build Your Streak!",
            message: "Log your mood daily to build a streak. Consistency helps you understand your patterns.",
            symbol: "flame.fill", location: .dayView, rules: ["current-streak >= 3"]),
    ]

    /// The seed names SF Symbols; a desktop draws icons by theme name. Each tip names a symbolic icon first (what
    /// GTK's and Plasma's small icons are drawn from) and a full-colour one last (a notification server that draws no
    /// symbolic icons still finds one), both in Adwaita, the desktops' fallback theme.
    @Test(arguments: TipCatalog.feels.map(\.id))
    func everyTipNamesASymbolicIconFirstAndAFullColourOneLastBothInAdwaita(_ id: TipID) throws {
        let tip = try #require(TipCatalog.feels.first { $0.id == id })
        let names = tip.iconNames
        #expect(names.count >= 2)
        #expect(Set(names).count == names.count)
        let first = try #require(names.first)
        let last = try #require(names.last)
        #expect(first.hasSuffix("-symbolic"))
        #expect(!last.hasSuffix("-symbolic"))
        let adwaita = try Self.iconNames(inTheme: "Adwaita")
        #expect(adwaita.contains(first), "Adwaita has no icon '\(first)'")
        #expect(adwaita.contains(last), "Adwaita has no icon '\(last)'")
    }

    /// The icon names a theme under /usr/share/icons has, in any size and context.
    static func iconNames(inTheme theme: String) throws -> Set<String> {
        let folder = "/usr/share/icons/\(theme)"
        try #require(FileManager.default.fileExists(atPath: folder), "no icon theme \(theme)")
        let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return Set(
            files.map { ($0 as NSString).lastPathComponent }.filter { $0.hasSuffix(".png") || $0.hasSuffix(".svg") }
                .map { String($0.dropLast(4)) })
    }

    @Test(arguments: seed)
    func everyTipHasTheSeedsWordsSymbolLocationAndRules(_ expected: Expected) throws {
        let tip = try #require(TipCatalog.feels.first { $0.id == expected.id })
        #expect(tip.title == expected.title)
        #expect(tip.message == expected.message)
        #expect(tip.symbol == expected.symbol)
        #expect(tip.location == expected.location)
        #expect(tip.rules.map(\.text) == expected.rules)
        #expect(tip.options == TipOptions())
    }

    @Test func moodsParseInAnyLetterCaseAndNothingElse() throws {
        #expect(try Mood(parsing: "great") == .great)
        #expect(try Mood(parsing: "GrEaT") == .great)
        #expect(try Mood(parsing: "Horrible") == .horrible)
        #expect(throws: TipsError.invalidMood("ecstatic")) { try Mood(parsing: "ecstatic") }
        #expect(throws: TipsError.invalidMood("")) { try Mood(parsing: "") }
        // The scale's order, worst to best, in which refusals and completions list the moods.
        #expect(Mood.allCases == [.horrible, .bad, .average, .good, .great])
    }

    @Test func locationFiltersAcceptEveryLocationOrNothing() throws {
        #expect(try TipLocation.filter(parsing: "") == nil)
        #expect(try TipLocation.filter(parsing: "DayView") == .dayView)
        #expect(try TipLocation.filter(parsing: "dayview") == .dayView)
        #expect(throws: TipsError.unknownLocation("Kitchen")) { try TipLocation.filter(parsing: "Kitchen") }
    }

    @Test func callersMayGiveOnlyActionPerformedOrTipClosed() throws {
        #expect(try InvalidationReason(callerReason: "actionPerformed") == .actionPerformed)
        #expect(try InvalidationReason(callerReason: "tipClosed") == .tipClosed)
        #expect(throws: TipsError.invalidReason("displayCountExceeded")) {
            try InvalidationReason(callerReason: "displayCountExceeded")
        }
        #expect(throws: TipsError.invalidReason("closed")) { try InvalidationReason(callerReason: "closed") }
    }
}

@Suite("Error messages")
struct ErrorMessageTests {
    @Test func errorsQuoteTheCallersTextAndSayWhatIsAccepted() {
        #expect(
            TipsError.invalidMood("meh").description
                == "'meh' is not a mood; expected one of horrible, bad, average, good, great")
        #expect(
            TipsError.unknownTip("X", known: [.timeView, .moodStreak]).description
                == "No tip is named 'X'; expected one of TimeViewTip, MoodStreakTip")
    }

    @Test func aHugeArgumentIsCutInTheMessage() {
        let huge = String(repeating: "a", count: 1 << 20)
        let message = TipsError.invalidMood(huge).description
        #expect(message.count < 200)
        #expect(message.hasPrefix("'\(String(repeating: "a", count: 64))…' (1048576 bytes) is not a mood"))
    }

    // One letter and a million combining accents is one Character: cut by Characters, it was echoed whole.
    @Test func aHugeSingleCharacterIsCutToo() {
        let huge = "a" + String(repeating: "\u{301}", count: 1 << 20)
        let message = TipsError.invalidMood(huge).description
        #expect(message.utf8.count < 300, "\(message.utf8.count) bytes")
        #expect(message.hasSuffix("(2097153 bytes) is not a mood; expected one of horrible, bad, average, good, great"))
    }
}
