import BusTestSupport
import DBus
import Foundation
import Testing

/// A notification is not where a tip points: its words name no phone gesture and no "here", in every language the
/// service speaks, while apps keep the seed's words for the tip's anchor.
@Suite("Words for a desktop notification")
struct DesktopWordsTests {
    /// What a notification body must never say, by language: gestures of a touch screen, and a "here" that is not.
    static let phoneWords = [
        "C.UTF-8": ["tap", "swipe", "here", "home screen"],
        "de_DE.UTF-8": ["tipp", "wisch", "hier", "home-bildschirm"],
    ]

    @Test(arguments: ["C.UTF-8", "de_DE.UTF-8"])
    func noneOfTheSevenNotificationBodiesSpeaksOfTappingOrOfHere(locale: String) throws {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        environment["LANG"] = "C"
        let service = try RunningService(environment: environment)
        let tips = try #require(try service.call("ListLocalizedTips", [.string(locale)]).first?.arrayValue)
            .compactMap(\.vardictValue)
        #expect(tips.count == 7)
        let forbidden = try #require(Self.phoneWords[locale])
        for tip in tips {
            let id = tip["id"]?.stringValue ?? "?"
            let body = try #require(tip["notification_body"]?.stringValue, "\(id)")
            let title = try #require(tip["notification_title"]?.stringValue, "\(id)")
            #expect(!body.isEmpty && !title.isEmpty, "\(id)")
            for word in forbidden {
                // At the start of a word: "zwischen" holds no swipe.
                let said = body.range(of: "\\b\(word)", options: [.regularExpression, .caseInsensitive]) != nil
                #expect(!said, "\(id) in \(locale) says '\(word)': '\(body)'")
            }
            if locale == "de_DE.UTF-8" {
                #expect(tip["locale"] == .string("de_DE.UTF-8"))
            }
        }
        // The seed's own words stay as they are for the app that shows the tip at its anchor.
        let customize = try #require(tips.first { $0["id"] == .string("CustomizeLayoutTip") })
        #expect(
            customize["message"]
                == .string(
                    locale == "C.UTF-8"
                        ? "Tap here to customize mood icons, colors, and layouts."
                        : "Tippe hier, um Stimmungssymbole, Farben und Layouts anzupassen."))
    }

    @Test func everyDesktopWordIsTranslatedIntoGerman() throws {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        environment["LANG"] = "C"
        let service = try RunningService(environment: environment)
        let english = try #require(try service.call("ListLocalizedTips", [.string("C.UTF-8")]).first?.arrayValue)
            .compactMap(\.vardictValue)
        let german = try #require(try service.call("ListLocalizedTips", [.string("de_DE.UTF-8")]).first?.arrayValue)
            .compactMap(\.vardictValue)
        for (en, de) in zip(english, german) {
            for key in ["notification_title", "notification_body"] {
                #expect(en[key] != de[key], "\(en["id"] ?? .string("?")) \(key) is not translated")
            }
        }
    }
}
