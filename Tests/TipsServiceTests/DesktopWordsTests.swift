import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// A notification is not where a tip points: its words name no phone gesture and no "here", in every language the
/// service speaks, while apps keep the seed's words for the tip's anchor.
@Suite("Words for a desktop notification")
struct DesktopWordsTests {
    /// What a notification body must never say, by language: gestures of a touch screen, and a "here" that is not.
    static let phoneWords = [
        "C.UTF-8": ["tap", "swipe", "here", "home screen"],
        "de_DE.UTF-8": ["tipp", "wisch", "hier", "home-bildschirm"],
    ]

    /// Every tip in `language`, through `GetTips` (was `ListLocalizedTips`).
    static func tips(_ service: RunningService, in language: String) throws -> [Tips1.Tip] {
        try service.tips.getTips(ids: [], options: .init(languages: [language]))
    }

    @Test(arguments: ["C.UTF-8", "de_DE.UTF-8"])
    func noneOfTheSevenNotificationBodiesSpeaksOfTappingOrOfHere(language: String) throws {
        let service = try RunningService(environment: try LanguageAndTimeZoneTests.catalogsOnly())
        let tips = try Self.tips(service, in: language)
        #expect(tips.count == 7)
        let forbidden = try #require(Self.phoneWords[language])
        for tip in tips {
            #expect(!tip.notificationBody.isEmpty && !tip.notificationTitle.isEmpty, "\(tip.id)")
            for word in forbidden {
                // At the start of a word: "zwischen" holds no swipe.
                let said =
                    tip.notificationBody.range(of: "\\b\(word)", options: [.regularExpression, .caseInsensitive])
                    != nil
                #expect(!said, "\(tip.id) in \(language) says '\(word)': '\(tip.notificationBody)'")
            }
            #expect(tip.language == (language == "de_DE.UTF-8" ? "de_DE.UTF-8" : ""))
        }
        // The seed's own words stay as they are for the app that shows the tip at its anchor.
        let customize = try #require(tips.first { $0.id == "CustomizeLayoutTip" })
        #expect(
            customize.message
                == (language == "C.UTF-8"
                    ? "Tap here to customize mood icons, colors, and layouts."
                    : "Tippe hier, um Stimmungssymbole, Farben und Layouts anzupassen."))
    }

    @Test func everyDesktopWordIsTranslatedIntoGerman() throws {
        let service = try RunningService(environment: try LanguageAndTimeZoneTests.catalogsOnly())
        let english = try Self.tips(service, in: "C.UTF-8")
        let german = try Self.tips(service, in: "de_DE.UTF-8")
        #expect(english.count == 7 && german.count == 7)
        for (en, de) in zip(english, german) {
            #expect(en.notificationTitle != de.notificationTitle, "\(en.id)'s notification title is not translated")
            #expect(en.notificationBody != de.notificationBody, "\(en.id)'s notification body is not translated")
        }
    }
}
