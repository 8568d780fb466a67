import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// What changes with no request at all: a day of use completing and a streak breaking at local midnight, and the
/// display window closing. The midnight tests run the real service under libfaketime, its clock starting a few
/// seconds before midnight.
@Suite("Midnight and the display window, announced with no call")
struct DayBoundaryTests {
    /// What the service needs to run on a faked wall clock: its zone (libfaketime reads the `@…` start time in
    /// it too), and a monotonic clock left alone so that the connection's timeouts and the poll loop's timers keep real
    /// time.
    static func fakeClockEnvironment(zone: String = "Europe/Berlin") -> [String: String?] {
        ["TZ": zone, "FAKETIME_DONT_FAKE_MONOTONIC": "1"]
    }

    /// The launcher that runs the service with its wall clock starting at `start` (`yyyy-MM-dd HH:mm:ss` in the
    /// service's zone) and ticking from there.
    ///
    /// `faketime` runs the service as its child; `RunningService` stops the child by the PID the bus reports. The
    /// wrapper rather than `LD_PRELOAD` alone: preloaded without the shared memory the wrapper sets up
    /// (`FAKETIME_SHARED`), libfaketime 0.9.10 leaves a Swift program an empty `CommandLine.arguments`.
    static func fakeClock(startingAt start: String) -> [String] {
        ["faketime", "-f", "@\(start)"]
    }

    /// Berlin on an ordinary night, and Santiago on the night it springs from 00:00 to 01:00, where midnight does
    /// not exist and the day begins at 01:00.
    @Test(arguments: [("Europe/Berlin", "2026-12-01 23:59:50"), ("America/Santiago", "2026-09-05 23:59:50")])
    func widgetVotingBecomesAvailableAtTheFirstMidnightWithNoCall(zone: String, start: String) throws {
        let service = try RunningService(
            environment: Self.fakeClockEnvironment(zone: zone), launcher: Self.fakeClock(startingAt: start))
        try service.tips.logMood(mood: "good")
        #expect(try service.tips.daysUsingApp() == 1)
        #expect(try service.status("WidgetVotingTip") == "pending")
        service.clearSignals()

        let announced = service.waitForSignals(timeout: .seconds(20)) { _ in
            service.announcedStatuses(of: "WidgetVotingTip").contains("available")
                && service.announced(.daysUsingApp).contains(.uint32(2))
        }

        #expect(announced, "signals: \(service.tipChanges), \(service.announcedPropertyNames)")
        #expect(service.tipChanges.first { $0.id == "WidgetVotingTip" }?.location == "DayView")
        #expect(try service.status("WidgetVotingTip") == "available")
        #expect(try service.tips.daysUsingApp() == 2)
        #expect(service.daemon?.isRunning == true)
    }

    @Test func aStreakBrokenAtMidnightGoesBackToPendingAndZeroAfterARestart() throws {
        let service = try RunningService(
            environment: Self.fakeClockEnvironment(), launcher: Self.fakeClock(startingAt: "2026-12-01 12:00:00"))
        try service.tips.logMood(mood: "great")
        try service.tips.settingsViewed()
        try service.tips.updateStreak(days: 3)
        #expect(try service.status("MoodStreakTip") == "available")

        // The next day, the run of Dec 1 still counts until the midnight that ends Dec 2.
        service.launcher = Self.fakeClock(startingAt: "2026-12-02 23:59:50")
        #expect(service.stop() == .exited(0))
        try service.start()
        #expect(try service.tips.currentStreak() == 3)
        #expect(try service.tips.daysUsingApp() == 2)
        #expect(try service.tips.moodLogCount() == 1)
        #expect(try service.tips.hasSeenSettings())
        #expect(try service.status("MoodStreakTip") == "available")
        service.clearSignals()

        let announced = service.waitForSignals(timeout: .seconds(20)) { _ in
            service.announcedStatuses(of: "MoodStreakTip").contains("pending")
                && service.announced(.currentStreak).contains(.uint32(0))
        }

        #expect(announced, "signals: \(service.tipChanges), \(service.announcedPropertyNames)")
        #expect(service.announced(.daysUsingApp).contains(.uint32(3)))
        #expect(try service.status("MoodStreakTip") == "pending")
        #expect(try service.tips.currentStreak() == 0)
    }

    @Test func theDisplayWindowClosingIsAnnouncedWithNoCall() throws {
        let service = try RunningService(arguments: ["--display-frequency", "2"])
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "CustomizeLayoutTip")
        let windowEnd = try service.tips.nextDisplayTime()
        #expect(windowEnd > 0)
        service.clearSignals()

        let announced = service.waitForSignals(timeout: .seconds(6)) { _ in
            service.announced(.nextDisplayTime).contains(.int64(0))
        }

        #expect(announced, "properties announced: \(service.changedProperties)")
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        #expect(now >= windowEnd, "announced \(windowEnd - now) µs before the window's end")
        #expect(try service.tips.nextDisplayTime() == 0)
        // The tip held back by the window is told it may be presented now.
        #expect(
            service.waitForSignals { _ in
                service.tipChanges.contains { $0.id == "TimeViewTip" && $0.changes.shouldDisplay == true }
            })
    }

    // MARK: - Helpers

    /// A zone (`Etc/GMT±N`) where the local time is now between 12:00 and 13:00, so the next midnight is hours away.
    static func zoneWhereItIsNoonNow() -> String {
        let hour = Int(Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3_600)
        let offset = 12 - hour
        // The tz database's Etc zones count the other way: Etc/GMT-3 is three hours ahead of UTC.
        return offset == 0 ? "Etc/GMT" : "Etc/GMT\(offset > 0 ? "-" : "+")\(abs(offset))"
    }
}
