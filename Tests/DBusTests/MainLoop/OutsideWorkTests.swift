import BusTestSupport
import DBus
import Foundation
import Testing

/// Work a handler hands out (a wait for the disk, say): the thread that ran the handler runs it, with the loop let go,
/// while the loop's other thread serves every source; then `then` runs as a handler.
@Suite struct OutsideWorkTests {
    /// Which thread is calling.
    static func threadID() -> pthread_t {
        pthread_self()
    }

    @Test func theWorkRunsOnTheThreadOfTheHandlerThatHandedItInAndThenRunsAsAHandler() throws {
        let loop = try PollLoop()
        let handlerThread = Locked<pthread_t>(0)
        let workThread = Locked<pthread_t>(0)
        var thenRan = false
        loop.scheduleIdle {
            handlerThread.update { $0 = Self.threadID() }
            loop.runOutside(
                { workThread.update { $0 = Self.threadID() } },
                then: {
                    thenRan = true
                    loop.stop()
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(thenRan)
        #expect(workThread.current != 0)
        #expect(workThread.current == handlerThread.current, "the work crossed to another thread")
    }

    @Test func theLoopKeepsServingWhileWorkIsOut() throws {
        let loop = try PollLoop()
        let released = Locked(false)
        let workEnded = Locked<Date?>(nil)
        var servedAt: [Date] = []
        var servedBy: Set<pthread_t> = []
        loop.scheduleIdle {
            loop.runOutside(
                {
                    // Out until the loop has served a timer meanwhile (or 5 s, and the test fails).
                    released.wait(timeout: .seconds(5)) { $0 }
                    workEnded.update { $0 = Date() }
                }, then: { loop.stop() })
        }
        var ticks = 0
        loop.addTimer(interval: .milliseconds(20), repeating: true) {
            ticks += 1
            servedAt.append(Date())
            servedBy.insert(Self.threadID())
            if ticks == 3 { released.update { $0 = true } }
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let ended = try #require(workEnded.current)
        #expect(ticks >= 3)
        #expect(servedAt.prefix(3).allSatisfy { $0 <= ended }, "the timers waited for the work")
        #expect(!servedBy.isEmpty)
    }

    @Test func piecesRunOneAtATimeInTheOrderHandedInAndEachThenInTurn() throws {
        let loop = try PollLoop()
        let running = Locked(0)
        let overlapped = Locked(false)
        let order = Locked<[String]>([])
        var thens: [Int] = []
        loop.scheduleIdle {
            for index in 0..<5 {
                loop.runOutside(
                    {
                        let now = running.update { value -> Int in
                            value += 1
                            return value
                        }
                        if now > 1 { overlapped.update { $0 = true } }
                        usleep(5_000)
                        order.update { $0.append("work \(index)") }
                        running.update { $0 -= 1 }
                    },
                    then: {
                        thens.append(index)
                        // A piece handed in from a `then` runs after those already waiting.
                        if index == 1 {
                            loop.runOutside({ order.update { $0.append("work 5") } }) {
                                thens.append(5)
                                loop.stop()
                            }
                        }
                    })
            }
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(!overlapped.current)
        #expect(order.current == (0...5).map { "work \($0)" })
        #expect(thens == Array(0...5))
    }

    // The thread polling sleeps with the timeout it computed; what `then` changes from the other thread must wake it.
    @Test func aTimerAddedByThenFiresOnTimeThoughTheOtherThreadIsAsleepInPoll() throws {
        let loop = try PollLoop()
        var firedAfter: TimeInterval?
        loop.scheduleIdle {
            loop.runOutside(
                { usleep(100_000) },
                then: {
                    let added = Date()
                    loop.addTimer(interval: .milliseconds(20), repeating: false) {
                        firedAfter = Date().timeIntervalSince(added)
                        loop.stop()
                    }
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let after = try #require(firedAfter)
        #expect(after < 2, "the timer fired only after \(after) s")
    }

    // The poller is woken only when what it waits for changed, as the lock is let go: a watch turned on and off again
    // (as libdbus does around each message it sends) leaves it asleep, one left on must reach it.
    @Test func aWatchTurnedOnByThenIsServedThoughTheOtherThreadIsAsleepInPoll() throws {
        let loop = try PollLoop()
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        var one: UInt8 = 1
        #expect(write(fds[1], &one, 1) == 1)
        var servedAfter: TimeInterval?
        let watch = loop.addWatch(fd: fds[0], events: []) { _ in }
        var turnedOn: Date?
        let served = loop.addWatch(fd: fds[0], events: []) { _ in
            servedAfter = turnedOn.map { Date().timeIntervalSince($0) }
            loop.stop()
        }
        loop.scheduleIdle {
            loop.runOutside(
                { usleep(100_000) },
                then: {
                    loop.updateWatch(watch, events: .readable)
                    loop.updateWatch(watch, events: [])
                    turnedOn = Date()
                    loop.updateWatch(served, events: .readable)
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let after = try #require(servedAfter, "the watch was never served")
        #expect(after < 2, "the watch was served only after \(after) s")
    }

    @Test func workHandedInBeforeRunRunsOnceTheLoopRuns() throws {
        let loop = try PollLoop()
        let ran = Locked(false)
        var thenRan = false
        loop.runOutside(
            { ran.update { $0 = true } },
            then: {
                thenRan = true
                loop.stop()
            })
        #expect(!ran.current)
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(ran.current)
        #expect(thenRan)
    }

    @Test func stoppingFinishesTheWorkInHandAndLeavesTheRestForRunQueuedOutsideWork() throws {
        let loop = try PollLoop()
        var log: [String] = []
        loop.scheduleIdle {
            loop.runOutside(
                { usleep(50_000) },
                then: {
                    log.append("first then")
                    loop.stop()
                })
            loop.runOutside({}, then: { log.append("second then") })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(log == ["first then"])
        loop.runQueuedOutsideWork()
        #expect(log == ["first then", "second then"])
    }

    @Test func theLoopRunsAgainAfterStoppingWithItsHelper() throws {
        let loop = try PollLoop()
        for round in 0..<3 {
            var done = false
            loop.scheduleIdle {
                loop.runOutside(
                    { usleep(1_000) },
                    then: {
                        done = true
                        loop.stop()
                    })
            }
            let guardTimer = loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
            loop.run()
            loop.removeTimer(guardTimer)
            #expect(done, "round \(round)")
        }
    }

    /// The kernel's id of the calling thread, which names it under `/proc/self/task`: `/proc/thread-self` links to
    /// `PID/task/TID`.
    static func kernelThreadID() -> Int32 {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return target.split(separator: "/").last.flatMap { Int32($0) } ?? -1
    }

    // The helper exists for outside work: once none has come for the linger it leaves, its thread ends (what it held
    // goes back to the system), the runner serves alone, and the next work brings a helper back.
    @Test func theHelperLeavesOnceWorkStopsComingAndTheNextWorkBringsOneBack() throws {
        let loop = try PollLoop()
        let runner = Self.kernelThreadID()
        let firstWorkOut = Locked(true)
        var helperDuringFirstWork: Int32?
        var servedLate: Set<Int32> = []
        var helperDuringSecondWork: Int32?
        var firstHelperGone = false
        var workEndedAt: Date?
        var secondWorkOut = false
        loop.scheduleIdle {
            loop.runOutside(
                { usleep(100_000) },
                then: {
                    firstWorkOut.update { $0 = false }
                    workEndedAt = Date()
                })
        }
        loop.addTimer(interval: .milliseconds(10), repeating: true) {
            let thread = Self.kernelThreadID()
            if firstWorkOut.current, thread != runner { helperDuringFirstWork = thread }
            guard let ended = workEndedAt else { return }
            let since = Date().timeIntervalSince(ended)
            if secondWorkOut, thread != runner { helperDuringSecondWork = thread }
            // Past the linger (250 ms) and a margin for the helper's last poll to end and the runner to join it.
            guard since > 0.9, !secondWorkOut else { return }
            servedLate.insert(thread)
            if since > 1.2 {
                firstHelperGone =
                    helperDuringFirstWork.map {
                        !FileManager.default.fileExists(atPath: "/proc/self/task/\($0)")
                    } ?? false
                secondWorkOut = true
                loop.runOutside({ usleep(100_000) }, then: { loop.stop() })
            }
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let firstHelper = try #require(helperDuringFirstWork, "no other thread served while the first work was out")
        #expect(firstHelper != runner)
        #expect(
            servedLate == [runner], "past the linger the sources were served by \(servedLate), not the runner alone")
        #expect(firstHelperGone, "the first helper's thread had not ended")
        #expect(helperDuringSecondWork != nil, "no helper served while the second work was out")
    }

    /// A handler that lets the loop go (`letGo`) does not hold up outside work's `then`, which the other thread runs
    /// meanwhile, and has the loop back once its body returns.
    @Test func aHandlerThatLetsTheLoopGoDoesNotHoldUpTheOutsideWorksThen() throws {
        let loop = try PollLoop()
        let thenRan = Locked(false)
        let letGo = Locked(false)
        var sawThen = false
        var ranAfter = false
        loop.scheduleIdle {
            // Out until the other thread is inside `letGo`, so that the work's then comes while it is.
            loop.runOutside({ _ = letGo.wait(timeout: .seconds(5)) { $0 } }, then: { thenRan.update { $0 = true } })
            // Runs on the thread that serves while the work is out.
            loop.scheduleIdle {
                sawThen = loop.letGo {
                    letGo.update { $0 = true }
                    return thenRan.wait(timeout: .seconds(5)) { $0 }
                }
                loop.scheduleIdle {
                    ranAfter = true
                    loop.stop()
                }
            }
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(sawThen, "the work's then waited for the handler that let the loop go")
        #expect(ranAfter)
    }

    /// A pipe, both ends closed when the test ends.
    final class Pipe: Sendable {
        let read: Int32
        let write: Int32

        init() {
            var fds: [Int32] = [-1, -1]
            precondition(pipe(&fds) == 0)
            (read, write) = (fds[0], fds[1])
            // Read until empty: a read of an empty pipe says so rather than waits.
            precondition(fcntl(read, F_SETFL, O_NONBLOCK) == 0)
        }

        deinit {
            close(read)
            close(write)
        }

        func put(_ count: Int) {
            let bytes = [UInt8](repeating: 1, count: count)
            precondition(Glibc.write(write, bytes, count) == count)
        }

        /// Reads one byte: whether there was one.
        func takeOne() -> Bool {
            var byte: UInt8 = 0
            return Glibc.read(read, &byte, 1) == 1
        }
    }

    // While work is out the other thread waits in epoll_wait(2) already: what becomes ready meanwhile is served from
    // there, with no thread woken to take the sources over.
    @Test func whatBecomesReadyWhileWorkIsOutIsServedByTheOtherThread() throws {
        let loop = try PollLoop()
        let pipe = Pipe()
        let served = Locked(false)
        var servedBy: pthread_t = 0
        var workBy: pthread_t = 0
        loop.addWatch(fd: pipe.read, events: .readable) { _ in
            _ = pipe.takeOne()
            servedBy = Self.threadID()
            served.update { $0 = true }
        }
        loop.scheduleIdle {
            loop.runOutside(
                {
                    // Past the helper's start, so that both threads are in place when the byte comes.
                    usleep(20_000)
                    pipe.put(1)
                    _ = served.wait(timeout: .seconds(5)) { $0 }
                },
                then: {
                    workBy = Self.threadID()
                    loop.stop()
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(served.current, "the descriptor waited for the work")
        #expect(servedBy != 0 && servedBy != workBy)
    }

    // Two threads wait on one epoll(7) instance once a helper exists, each descriptor then one-shot: held back once
    // reported, until its handlers ran. Held again then, what is still ready is reported again, as level-triggered,
    // and at once (not when the helper leaves and the runner waits level-triggered alone).
    @Test func aDescriptorStillReadyAfterItsHandlerIsReportedAgainWhileTwoThreadsServe() throws {
        let loop = try PollLoop()
        let pipe = Pipe()
        var taken = 0
        var putAt: Date?
        var tookAll: TimeInterval?
        loop.addWatch(fd: pipe.read, events: .readable) { _ in
            // One byte a call: the rest stays ready.
            guard pipe.takeOne() else { return }
            taken += 1
            if taken == 5 {
                tookAll = putAt.map { Date().timeIntervalSince($0) }
                loop.stop()
            }
        }
        loop.scheduleIdle {
            // The helper comes with this work and stays for its linger (250 ms), waiting beside the runner.
            loop.runOutside(
                {},
                then: {
                    putAt = Date()
                    pipe.put(5)
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let after = try #require(tookAll, "\(taken) of the 5 bytes were read")
        #expect(after < 0.2, "the 5 bytes took \(after) s: the descriptor was held again only as the helper left")
    }

    // With both threads in epoll_wait(2), an event wakes one of them, and no other thread is handed it after the first
    // has handled it (a level-triggered descriptor still ready as the first looks would be, and the second thread's
    // handler would find it emptied).
    @Test func anEventIsHandedToOneThreadAlone() throws {
        let loop = try PollLoop()
        let pipe = Pipe()
        let count = 100
        var taken = 0
        var empty = 0
        loop.addWatch(fd: pipe.read, events: .readable) { _ in
            if pipe.takeOne() { taken += 1 } else { empty += 1 }
            if taken == count { loop.stop() }
        }
        loop.scheduleIdle {
            // Brings the helper, which stays for its linger (250 ms) while the bytes come, one at a time, from
            // outside the loop: both threads wait for each.
            loop.runOutside(
                {},
                then: {
                    Thread.detachNewThread {
                        for _ in 0..<count {
                            pipe.put(1)
                            usleep(1_000)
                        }
                    }
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(taken == count)
        #expect(empty == 0, "a thread was handed a descriptor the other had emptied, \(empty) times in \(count)")
    }

    // A spare callback wakes no thread, and the thread that hands out work does not run one first: handed in with
    // work, it runs on the other thread meanwhile if that one iterates (a helper just started does), or once the work
    // is out, on the next free thread.
    @Test func aSpareCallbackHandedInWithWorkDoesNotHoldItUp() throws {
        let loop = try PollLoop()
        let events = Locked<[(String, pthread_t)]>([])
        loop.scheduleIdle {
            loop.runOutside(
                { events.update { $0.append(("work", Self.threadID())) } },
                then: {
                    loop.addTimer(interval: .milliseconds(20), repeating: false) { loop.stop() }
                })
            loop.scheduleSpare { events.update { $0.append(("spare", Self.threadID())) } }
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let seen = events.current
        let work = try #require(seen.firstIndex { $0.0 == "work" })
        let spare = try #require(seen.firstIndex { $0.0 == "spare" }, "the spare callback never ran")
        #expect(seen[spare].1 != seen[work].1 || spare > work, "the thread handing out the work ran the spare first")
    }

    // A thread that stays out with more work after a `then` leaves the sources to the other, asleep in epoll_wait(2)
    // with the timeout it went in with: a timer that `then` added, due sooner, must wake it.
    @Test func aTimerAddedBeforeMoreWorkGoesOutWakesTheOtherThread() throws {
        let loop = try PollLoop()
        let fired = Locked(false)
        var firedAfter: TimeInterval?
        loop.scheduleIdle {
            loop.runOutside(
                { usleep(20_000) },
                then: {
                    let added = Date()
                    loop.addTimer(interval: .milliseconds(20), repeating: false) {
                        firedAfter = Date().timeIntervalSince(added)
                        fired.update { $0 = true }
                    }
                    // Taken by this thread, still out, before it could wait for the timer itself.
                    loop.runOutside({ _ = fired.wait(timeout: .seconds(3)) { $0 } }, then: { loop.stop() })
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let after = try #require(firedAfter, "the timer never fired")
        #expect(after < 0.15, "the timer due in 20 ms fired after \(after) s")
    }

    // The thread back from outside work pauses with the loop let go and no work held: what comes meanwhile is served by
    // the other thread, work it hands in goes out at once, and what the paused thread handed on still runs.
    @Test func aPauseAfterOutsideWorkLeavesTheLoopAndNewWorkToTheOtherThread() throws {
        let loop = try PollLoop()
        loop.pauseLength = .milliseconds(300)
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        var pausedThread: pthread_t = 0
        var pauseStarted: Date?
        var servedAfter: TimeInterval?
        var servedBy: pthread_t = 0
        let newWorkRanAfter = Locked<TimeInterval?>(nil)
        var spareRan = false
        loop.addWatch(fd: fds[0], events: .readable) { _ in
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            servedAfter = pauseStarted.map { Date().timeIntervalSince($0) }
            servedBy = Self.threadID()
            let started = pauseStarted
            loop.runOutside(
                { newWorkRanAfter.update { $0 = started.map { Date().timeIntervalSince($0) } } },
                then: {})
        }
        loop.scheduleIdle {
            loop.runOutside(
                { usleep(20_000) },
                then: {
                    pausedThread = Self.threadID()
                    loop.pauseAfterOutsideWork()
                    loop.scheduleSpare {
                        spareRan = true
                        loop.addTimer(interval: .milliseconds(400), repeating: false) { loop.stop() }
                    }
                    pauseStarted = Date()
                    var one: UInt8 = 1
                    _ = write(fds[1], &one, 1)
                })
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        let served = try #require(servedAfter, "the event was never served")
        #expect(served < 0.2, "the event waited \(served) s for the pause")
        #expect(servedBy != pausedThread)
        let ran = try #require(newWorkRanAfter.current, "the work handed in never ran")
        #expect(ran < 0.2, "the work handed in waited \(ran) s for the pause")
        #expect(spareRan)
    }

}
