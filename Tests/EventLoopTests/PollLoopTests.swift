import BusTestSupport
import DBus
import EventLoop
import Foundation
import Testing

@Suite struct PollLoopTests {
    @Test func timersFireOnceOrRepeatUntilRemoved() throws {
        let loop = try PollLoop()
        var once = 0
        var repeats = 0
        loop.addTimer(interval: .milliseconds(10), repeating: false) { once += 1 }
        var repeating: LoopSourceID?
        repeating = loop.addTimer(interval: .milliseconds(5), repeating: true) {
            repeats += 1
            if repeats == 3, let repeating { loop.removeTimer(repeating) }
        }
        loop.addTimer(interval: .milliseconds(100), repeating: false) { loop.stop() }
        loop.run()
        #expect(once == 1)
        #expect(repeats == 3)
    }

    @Test func idleCallbacksRunBeforeTheLoopSleeps() throws {
        let loop = try PollLoop()
        var order: [String] = []
        loop.addTimer(interval: .milliseconds(20), repeating: false) {
            order.append("timer")
            loop.stop()
        }
        loop.scheduleIdle {
            order.append("idle")
            loop.scheduleIdle { order.append("nested idle") }
        }
        loop.run()
        #expect(order == ["idle", "nested idle", "timer"])
    }

    @Test func theWallClockAlarmFiresAtItsTimeAndNotBefore() throws {
        let loop = try PollLoop()
        let target = Date().addingTimeInterval(0.3)
        var firedAt: Date?
        loop.setAlarm(at: target) {
            firedAt = Date()
            loop.stop()
        }
        let cancelled = loop.setAlarm(at: Date().addingTimeInterval(0.1)) { Issue.record("a cancelled alarm fired") }
        loop.cancelAlarm(cancelled)
        loop.addTimer(interval: .seconds(5), repeating: false) { loop.stop() }
        loop.run()
        let fired = try #require(firedAt)
        #expect(fired >= target)
        #expect(fired.timeIntervalSince(target) < 0.2)
    }

    @Test func anAlarmInThePastFiresAtOnce() throws {
        let loop = try PollLoop()
        var fired = false
        loop.setAlarm(at: Date().addingTimeInterval(-60)) {
            fired = true
            loop.stop()
        }
        loop.addTimer(interval: .seconds(5), repeating: false) { loop.stop() }
        loop.run()
        #expect(fired)
    }

    @Test func aSignalHandlerRunsFromTheLoop() throws {
        let loop = try PollLoop()
        var received = 0
        try loop.addSignalHandler(SIGUSR1) {
            received += 1
            loop.stop()
        }
        loop.addTimer(interval: .seconds(5), repeating: false) { loop.stop() }
        loop.scheduleIdle { kill(getpid(), SIGUSR1) }
        loop.run()
        #expect(received == 1)
    }

    @Test func aWatchReportsReadableDataOnItsDescriptor() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        let loop = try PollLoop()
        var events: [WatchEvents] = []
        let watch = loop.addWatch(fd: fds[0], events: []) { event in
            events.append(event)
            loop.stop()
        }
        var byte: UInt8 = 7
        _ = write(fds[1], &byte, 1)
        loop.runOnce(timeout: .milliseconds(50))
        #expect(events.isEmpty)
        loop.updateWatch(watch, events: .readable)
        loop.addTimer(interval: .seconds(5), repeating: false) { loop.stop() }
        loop.run()
        #expect(events == [.readable])
    }

    @Test func anIdleLoopWithAnAttachedConnectionNeverWakesUp() throws {
        let bus = try TestBus()
        let address = bus.address
        let threadID = Locked<String?>(nil)
        let loopThread = try LoopThread(name: "idle-loop") { loop in
            let connection = try DBusConnection(address: address)
            connection.attach(to: loop)
            loop.setAlarm(at: Date().addingTimeInterval(3600)) {}
            loop.addTimer(interval: .seconds(3600), repeating: false) {}
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
            threadID.update { $0 = link.split(separator: "/").last.map(String.init) }
            return connection
        }
        defer { loopThread.stop() }
        let tid = try #require(threadID.current)
        // Let the loop settle into poll after dispatching what arrived at connection.
        Thread.sleep(forTimeInterval: 0.3)
        let before = try Self.voluntarySwitches(tid)
        Thread.sleep(forTimeInterval: 1.5)
        let after = try Self.voluntarySwitches(tid)
        #expect(before == after)
    }

    static func voluntarySwitches(_ tid: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/task/\(tid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return Int(line?.split(separator: "\t").last ?? "") ?? -1
    }
}

extension PollLoop {
    /// An alarm at a Foundation date, for tests.
    @discardableResult
    func setAlarm(at date: Date, handler: @escaping () -> Void) -> LoopSourceID {
        setAlarm(atMicrosecondsSinceEpoch: Int64((date.timeIntervalSince1970 * 1_000_000).rounded()), handler: handler)
    }
}
