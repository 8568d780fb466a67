import BusTestSupport
import DBus
import Foundation
import Testing
import TipsCore
import TipsInterface
@testable import TipsNotifier

/// GLib's main loop behind our `DBusEventLoop` seam, and the wall-clock alarm watched through it.
///
/// GLib's default main context belongs to one thread at a time, so these run one after another.
@Suite("The GLib main loop", .serialized)
struct GLibLoopTests {
    /// Runs `loop` until a handler stops it, or at most `limit`; returns whether a handler stopped it.
    static func run(_ loop: GLibLoop, limit: Duration = .seconds(20)) -> Bool {
        var timedOut = false
        let guardTimer = loop.addTimer(interval: limit, repeating: false) {
            timedOut = true
            loop.stop()
        }
        loop.run()
        loop.removeTimer(guardTimer)
        return !timedOut
    }

    /// The typed client's calls without blocking: their answers and the service's signals come from the loop.
    @Test func aConnectionOnTheLoopGetsRepliesAndSignals() throws {
        let service = try RunningService()
        let loop = GLibLoop()
        let connection = try DBusConnection(address: service.bus.address)
        defer { connection.close() }
        connection.attach(to: loop)
        let tips = Tips1Client(connection: connection)
        var statuses: [String] = []
        let router = SignalRouter(connection: connection)
        try router.add(Tips1.Signal.tipChanged.rule) { message in
            guard case .tipChanged(let id, _, let changes)? = Tips1.SignalMessage(message), let status = changes.status
            else { return }
            statuses.append("\(id)→\(status)")
            loop.stop()
        }
        var reply: Result<Tips1.PresentNextTipReply, DBusError>?
        try tips.presentNextTip(location: "", options: .init(record: false)) { result in reply = result }
        for _ in 0..<3 {
            try tips.logMood(mood: "great") { _ in }
        }

        #expect(Self.run(loop))
        #expect(try reply?.get().tip?.id == "CustomizeLayoutTip")
        #expect(statuses == ["SiriShortcutTip→available"])
    }

    @Test func timersAndIdleCallbacksRunFromTheLoop() {
        let loop = GLibLoop()
        var events: [String] = []
        var ticks = 0
        loop.scheduleIdle { events.append("idle") }
        loop.addTimer(interval: .milliseconds(30), repeating: false) { events.append("once") }
        var repeating: LoopSourceID?
        repeating = loop.addTimer(interval: .milliseconds(10), repeating: true) {
            ticks += 1
            guard ticks == 3, let repeating else { return }
            loop.removeTimer(repeating)
            events.append("three ticks")
        }
        loop.addTimer(interval: .milliseconds(100), repeating: false) { loop.stop() }

        #expect(Self.run(loop))
        #expect(events.first == "idle")
        #expect(Set(events) == ["idle", "once", "three ticks"])
        #expect(ticks == 3)
    }

    @Test func aWatchWaitingForNothingIsNotPolledUntilItIsUpdated() throws {
        let loop = GLibLoop()
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer {
            for fd in fds { close(fd) }
        }
        var byte: UInt8 = 1
        #expect(write(fds[1], &byte, 1) == 1)
        var reported: [WatchEvents] = []
        let watch = loop.addWatch(fd: fds[0], events: []) { events in
            reported.append(events)
            loop.stop()
        }
        loop.addTimer(interval: .milliseconds(50), repeating: false) { loop.stop() }
        #expect(Self.run(loop))
        #expect(reported.isEmpty, "a watch for nothing reported \(reported)")

        loop.updateWatch(watch, events: .readable)
        #expect(Self.run(loop))
        #expect(reported == [.readable])
        loop.removeWatch(watch)
    }

    @Test func stopBeforeRunMakesRunReturnAtOnce() {
        let loop = GLibLoop()
        loop.stop()
        loop.run()
        // And the loop runs normally afterwards.
        loop.scheduleIdle { loop.stop() }
        #expect(Self.run(loop))
    }

    @Test func aWallClockAlarmFiresWhenTheWallClockReachesItsInstant() throws {
        let loop = GLibLoop()
        var wakes: [Instant] = []
        let alarm = try WallClockAlarm(loop: loop) {
            wakes.append(Self.now)
            loop.stop()
        }
        let deadline = Self.now.advanced(byMicroseconds: 300_000)
        try alarm.set(deadline)

        #expect(Self.run(loop))
        #expect(wakes.count == 1)
        #expect(wakes.allSatisfy { $0 >= deadline })
    }

    @Test func anAlarmInThePastFiresAtOnceAndACancelledOneNever() throws {
        let loop = GLibLoop()
        var fired: [String] = []
        let past = try WallClockAlarm(loop: loop) { fired.append("past") }
        let cancelled = try WallClockAlarm(loop: loop) { fired.append("cancelled") }
        try cancelled.set(Self.now.advanced(byMicroseconds: 50_000))
        cancelled.cancel()
        try past.set(Instant(microsecondsSinceEpoch: 0))
        loop.addTimer(interval: .milliseconds(200), repeating: false) { loop.stop() }

        #expect(Self.run(loop))
        #expect(fired == ["past"])
    }

    static var now: Instant {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Instant(microsecondsSinceEpoch: Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000)
    }
}
