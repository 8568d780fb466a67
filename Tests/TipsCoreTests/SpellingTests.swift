import Testing
import TipsCore

@Suite("Kebab-case spellings")
struct SpellingTests {
    @Test("Every reason and parameter is spelled in kebab-case as replies document it")
    func everyValueIsSpelledAsDocumented() {
        #expect(
            InvalidationReason.allCases.map(\.spelling) == ["action-performed", "tip-closed", "display-count-exceeded"])
        #expect(
            TipParameter.allCases.map(\.spelling) == [
                "has-logged-moods", "mood-log-count", "has-seen-settings", "days-using-app", "current-streak",
            ])
    }

    @Test("A reason a caller may give reads back from its spelling")
    func aReasonReadsBackFromItsSpelling() throws {
        for reason in InvalidationReason.allCases where reason != .displayCountExceeded {
            #expect(try InvalidationReason(callerReason: reason.spelling) == reason)
        }
    }
}
