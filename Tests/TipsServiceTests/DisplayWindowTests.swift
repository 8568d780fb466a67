import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// Was "DisplayNextTip and the display window": `PresentNextTip` replaces `DisplayNextTip`.
@Suite("PresentNextTip and the display window, on the bus")
struct DisplayWindowTests {
    /// The id of the tip `PresentNextTip` presents at `location`; `nil` when none, which the reply must then say with
    /// shown false.
    static func present(_ service: RunningService, at location: String) throws -> String? {
        let reply = try service.tips.presentNextTip(location: location)
        #expect(reply.shown == (reply.tip != nil), "\(reply)")
        return reply.tip?.id
    }

    @Test func aDailyWindowHoldsNewTipsBackAndSaysUntilWhen() throws {
        let service = try RunningService()
        #expect(try Self.present(service, at: "") == "CustomizeLayoutTip")
        #expect(try Self.present(service, at: "DayView") == nil)
        let held = try service.tip("TimeViewTip")
        #expect(held.status == "available")
        #expect(held.heldBackBy == "display-window")
        #expect(!held.shouldDisplay)
        #expect(try service.tips.nextDisplayTime() == held.heldUntil)
        let shown = try service.tip("CustomizeLayoutTip").lastDisplayed
        #expect(held.heldUntil == shown + 86_400_000_000)
        #expect(held.explanation.hasPrefix("Ready, but another tip appeared recently"))
    }

    @Test func aTipAlreadyShownIsReturnedAgainInsideTheWindow() throws {
        let service = try RunningService()
        #expect(try Self.present(service, at: "CustomizeContentView") == "CustomizeLayoutTip")
        #expect(try Self.present(service, at: "") == "CustomizeLayoutTip")
        #expect(try Self.present(service, at: "customizecontentview") == "CustomizeLayoutTip")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 3)
    }

    @Test func aShortWindowLetsTheNextTipAppearOnceItEnds() throws {
        let service = try RunningService(arguments: ["--display-frequency", "1"])
        #expect(try Self.present(service, at: "CustomizeContentView") == "CustomizeLayoutTip")
        #expect(try Self.present(service, at: "DayView") == nil)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try Self.present(service, at: "DayView") == "TimeViewTip")
    }

    @Test func anImmediateFrequencyHasNoWindow() throws {
        let service = try RunningService(arguments: ["--display-frequency", "immediate"])
        #expect(try Self.present(service, at: "CustomizeContentView") == "CustomizeLayoutTip")
        #expect(try Self.present(service, at: "DayView") == "TimeViewTip")
        #expect(try service.tips.nextDisplayTime() == 0)
    }

    // When no tip may be presented the reply is shown false with an empty dictionary, as the contract says (a tip
    // dictionary with no keys, not one with empty values).
    @Test func nothingIsShownWhereNoTipIsEligibleAndTheReplySaysSoWithAnEmptyDictionary() throws {
        let service = try RunningService(arguments: ["--display-frequency", "immediate"])
        #expect(try Self.present(service, at: "InsightsView") == nil)
        #expect(try Self.present(service, at: "SettingsContentView") == nil)
        let raw = try service.call(.presentNextTip, [.string("InsightsView"), .vardict([])])
        #expect(raw.count == 2)
        #expect(raw.first == .boolean(false))
        #expect(raw.last?.dictionaryValue?.isEmpty == true, "\(raw)")
        let busctl = try service.busctlCall(.presentNextTip, "sa{sv}", "InsightsView", "0")
        #expect(busctl.type == "ba{sv}", "\(busctl.stderr)")
        #expect(busctl.data.first as? Bool == false)
        #expect((busctl.data.last as? [String: Any])?.isEmpty == true)
        let peek = try service.tips.presentNextTip(location: "SettingsContentView", options: .init(record: false))
        #expect(!peek.shown && peek.tip == nil)
        #expect(try service.tip("AIInsightsTip").displayCount == 0)
    }
}
