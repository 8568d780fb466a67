import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("DisplayNextTip and the display window, on the bus")
struct DisplayWindowTests {
    @Test func aDailyWindowHoldsNewTipsBackAndSaysUntilWhen() throws {
        let service = try RunningService()
        #expect(try service.call("DisplayNextTip", [.string("")]) == [.string("CustomizeLayoutTip")])
        #expect(try service.call("DisplayNextTip", [.string("DayView")]) == [.string("")])
        let held = try service.tip("TimeViewTip")
        #expect(held["status"] == .string("available"))
        #expect(held["held_back_by"] == .string("display-window"))
        let until = try #require(held["held_until"]?.int64Value)
        #expect(try service.property("NextDisplayTime") == .int64(until))
        let shown = try #require(try service.tip("CustomizeLayoutTip")["last_displayed"]?.int64Value)
        #expect(until == shown + 86_400_000_000)
        #expect(held["explanation"]?.stringValue?.hasPrefix("Ready, but another tip appeared recently") == true)
    }

    @Test func aTipAlreadyShownIsReturnedAgainInsideTheWindow() throws {
        let service = try RunningService()
        #expect(
            try service.call("DisplayNextTip", [.string("CustomizeContentView")]) == [.string("CustomizeLayoutTip")])
        #expect(try service.call("DisplayNextTip", [.string("")]) == [.string("CustomizeLayoutTip")])
        #expect(
            try service.call("DisplayNextTip", [.string("CustomizeContentView")]) == [.string("CustomizeLayoutTip")])
        #expect(try service.tip("CustomizeLayoutTip")["display_count"] == .uint32(3))
    }

    @Test func aShortWindowLetsTheNextTipAppearOnceItEnds() throws {
        let service = try RunningService(arguments: ["--display-frequency", "1"])
        #expect(
            try service.call("DisplayNextTip", [.string("CustomizeContentView")]) == [.string("CustomizeLayoutTip")])
        #expect(try service.call("DisplayNextTip", [.string("DayView")]) == [.string("")])
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try service.call("DisplayNextTip", [.string("DayView")]) == [.string("TimeViewTip")])
    }

    @Test func anImmediateFrequencyHasNoWindow() throws {
        let service = try RunningService(arguments: ["--display-frequency", "immediate"])
        #expect(
            try service.call("DisplayNextTip", [.string("CustomizeContentView")]) == [.string("CustomizeLayoutTip")])
        #expect(try service.call("DisplayNextTip", [.string("DayView")]) == [.string("TimeViewTip")])
        #expect(try service.property("NextDisplayTime") == .int64(0))
    }

    @Test func nothingIsShownWhereNoTipIsEligible() throws {
        let service = try RunningService(arguments: ["--display-frequency", "immediate"])
        #expect(try service.call("DisplayNextTip", [.string("InsightsView")]) == [.string("")])
        #expect(try service.call("DisplayNextTip", [.string("SettingsContentView")]) == [.string("")])
    }
}
