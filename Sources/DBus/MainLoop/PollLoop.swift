import CSystem
import Glibc

/// A main loop on epoll(7): descriptor watches, monotonic timers, wall-clock alarms, POSIX signals and idle callbacks,
/// and work its handlers hand it to run outside (`runOutside(_:then:)`).
///
/// Use a loop from the thread that runs it, and from its handlers. Handlers run one at a time, with the loop's lock
/// held; once a handler has handed work out, `run()` serves with two threads: both wait in epoll_wait(2) when idle,
/// an event wakes one of them, and while one runs the work the other is already there to serve the sources, so a
/// handler may run on either. The second thread leaves once no work has been handed out for ``helperLinger``. When
/// nothing is due, `run()` sleeps in epoll_wait(2) with no periodic wakeups: the timeout is the time to the next timer
/// or alarm, or infinite.
///
/// Watches are level-triggered, as with poll(2): a descriptor stays ready until it is read or written. Remove a
/// watch before closing its descriptor.
public final class PollLoop: DBusEventLoop {
    struct Watch {
        let fd: Int32
        var events: WatchEvents
        let handler: (WatchEvents) -> Void

        /// What to wait for on it now: its events that can be waited for.
        var pollable: WatchEvents { events.intersection([.readable, .writable]) }
    }

    struct Timer {
        var deadline: Int64
        let interval: Int64
        let repeating: Bool
        let handler: () -> Void
    }

    struct Alarm {
        /// Microseconds since the Unix epoch on the wall clock.
        let deadline: Int64
        let handler: () -> Void
    }

    var watches: [LoopSourceID: Watch] = [:]
    /// The descriptors the loop sleeps on: its watches' and its own.
    var epoll: EpollSet
    /// Where the last iteration's epoll_wait(2) put what was ready, kept for the next.
    private var readyEvents: [epoll_event] = []
    var timers: [LoopSourceID: Timer] = [:]
    var alarms: [LoopSourceID: Alarm] = [:]
    var idleHandlers: [() -> Void] = []
    /// Idle callbacks no thread is woken for (``scheduleSpare(_:)``).
    var spareHandlers: [() -> Void] = []
    var signalHandlers: [Int32: [LoopSourceID: () -> Void]] = [:]
    var clockChangeHandlers: [LoopSourceID: () -> Void] = [:]
    /// The read end of the pipe the signal handler writes signal numbers to, `-1` until a signal handler is added.
    var signalReadFD: Int32 = -1
    var signalWriteFD: Int32 = -1
    /// A `CLOCK_REALTIME` timerfd armed far in the future with `TFD_TIMER_CANCEL_ON_SET`, so that setting the clock
    /// (or resuming from suspend) wakes the loop to recompute alarm timeouts. `-1` until an alarm is set.
    var clockChangeFD: Int32 = -1
    private var nextID: UInt64 = 1
    var stopRequested = false

    /// Held while a handler runs, and whenever the loop's state is read or changed; let go in epoll_wait(2) and during
    /// outside work.
    let exclusion = LoopLock()
    /// Outside work handed in and not yet taken, in order.
    var outsideWork: [OutsideWork] = []
    /// The thread out with outside work, if one is.
    var workerAway: LoopThreadRole?
    /// The runner's sleep in epoll_wait(2), if it is in it.
    var runnerSleep = PollerSleep()
    /// The helper's sleep in epoll_wait(2), if it is in it.
    var helperSleep = PollerSleep()
    /// Whether a thread waits for the other to leave epoll_wait(2), to replace the epoll(7) instance it sleeps on.
    var rebuildWaits = false
    /// An eventfd the loop sleeps on once the helper exists: written to wake a thread in epoll_wait(2).
    var wakeWriteFD: Int32 = -1
    /// The second thread, if `run()` has one.
    var helper: HelperThread = .absent
    /// When outside work last ended, on the monotonic clock: the helper leaves ``helperLinger`` later if none came.
    var outsideWorkEndedAt: Int64 = 0
    /// Whether the thread out with work lets its processor go for a moment once none is left
    /// (``pauseAfterOutsideWork()``).
    var pauseRequested = false
    /// How long ``pauseAfterOutsideWork()`` sleeps: the shortest sleep, which the kernel's timer slack lengthens to
    /// some 50 µs. A test makes it long enough to watch what happens meanwhile.
    public var pauseLength: Duration = .microseconds(1)

    /// Creates an empty loop.
    ///
    /// - Throws: `DBusError.system` when the loop's epoll(7) instance cannot be made (too many descriptors open).
    public init() throws(DBusError) {
        epoll = try EpollSet()
    }

    deinit {
        for signal in signalHandlers.keys {
            releaseSignal(signal)
        }
        for fd in [signalReadFD, signalWriteFD, clockChangeFD, wakeWriteFD] where fd >= 0 {
            Glibc.close(fd)
        }
    }

    func makeID() -> LoopSourceID {
        defer { nextID += 1 }
        return LoopSourceID(rawValue: nextID)
    }

    // MARK: - Running

    /// Runs the loop until `stop()` is called from one of its handlers.
    ///
    /// It returns once the outside work in hand, if any, is done and its `then` has run; work handed in and not yet
    /// taken stays for the next `run()` or `runQueuedOutsideWork()`.
    public func run() {
        exclusion.lock()
        defer { exclusion.unlock() }
        stopRequested = false
        participate(as: .runner)
        stopHelper()
    }

    /// Makes `run()` return after the current handler; sources still due run in the next `run()`.
    public func stop() {
        stopRequested = true
        wakePoller()
    }

    /// A thread's sleep in epoll_wait(2), or that it is not in it.
    subscript(sleepOf role: LoopThreadRole) -> PollerSleep {
        get { role == .runner ? runnerSleep : helperSleep }
        set {
            if role == .runner { runnerSleep = newValue } else { helperSleep = newValue }
        }
    }

    /// Runs one iteration: outside work handed in (here, with nothing served meanwhile), idle callbacks, then waits at
    /// most `timeout` for events and handles them.
    ///
    /// - Parameter timeout: The longest wait; `nil` waits until something happens.
    public func runOnce(timeout: Duration?) {
        runQueuedOutsideWork()
        exclusion.lock()
        defer { exclusion.unlock() }
        iterate(as: .runner, maximumWait: timeout.map(Self.milliseconds(rounding:)))
    }

    /// One iteration of `role`'s thread with the lock held: idle callbacks, then epoll_wait(2) with the lock let go,
    /// then what it found. It returns without waiting when the idle callbacks handed out work this thread may take.
    func iterate(as role: LoopThreadRole, maximumWait: Int32?) {
        runIdleHandlers()
        if stopRequested || outsideWorkIsReady { return }
        // After the work an idle callback handed out, not before: spare callbacks wait for a free thread.
        runSpareHandlers()
        if stopRequested || outsideWorkIsReady { return }
        rebuildEpollIfNeeded(as: role)
        let nothingPending = idleHandlers.isEmpty && spareHandlers.isEmpty && epoll.refused.isEmpty
        var timeout = nothingPending ? nextTimeout() : 0
        if let maximumWait, timeout < 0 || timeout > maximumWait {
            timeout = maximumWait
        }
        // The last iteration's table, so that an iteration allocates nothing; a nested one (a handler that iterates)
        // finds it taken and makes its own.
        var ready = readyEvents
        readyEvents = []
        if ready.isEmpty {
            ready = Array(repeating: epoll_event(), count: 16)
        }
        defer { readyEvents = ready }
        let until = timeout < 0 ? nil : Self.monotonicNow() + Int64(timeout) * 1_000_000
        self[sleepOf: role] = PollerSleep(polling: true, until: until)
        let descriptor = epoll.descriptor
        exclusion.unlock()
        let count = EpollSet.wait(on: descriptor, into: &ready, timeout: timeout)
        exclusion.lock()
        self[sleepOf: role] = PollerSleep()
        if rebuildWaits { exclusion.broadcast() }
        for event in ready.prefix(max(0, count)) {
            let fd = event.data.fd
            switch fd {
            case signalReadFD: drainSignals()
            case wakeWriteFD: drainWakeups()
            case clockChangeFD: rearmClockChangeTimer()
            default: dispatchWatches(on: fd, revents: event.events)
            }
            // Held back since it was reported, while two threads wait: held again now that it was handled, so that
            // what is still ready is reported again, as level-triggered.
            epoll.rearm(fd)
        }
        if !epoll.refused.isEmpty {
            for (fd, revents) in epoll.refused {
                dispatchWatches(on: fd, revents: revents)
            }
        }
        fireDueTimers()
        fireDueAlarms()
    }

    /// Replaces the epoll(7) instance when a descriptor was closed while held (`EpollSet.rebuild()`), once the other
    /// thread is out of epoll_wait(2): asleep in the old instance, it would hear only of the descriptors that one held,
    /// until its timeout or one of them woke it, and of none watched since.
    private func rebuildEpollIfNeeded(as role: LoopThreadRole) {
        let other: LoopThreadRole = role == .runner ? .helper : .runner
        while epoll.mustRebuild, self[sleepOf: other].polling {
            rebuildWaits = true
            wakePoller()
            exclusion.wait()
        }
        rebuildWaits = false
        epoll.rebuild()
    }

    private func runIdleHandlers() {
        let handlers = idleHandlers
        idleHandlers.removeAll()
        for (index, handler) in handlers.enumerated() {
            if stopRequested {
                // Keep the rest for the next run.
                idleHandlers.insert(contentsOf: handlers[index...], at: 0)
                return
            }
            handler()
        }
    }

    private func runSpareHandlers() {
        guard !spareHandlers.isEmpty else { return }
        let handlers = spareHandlers
        spareHandlers.removeAll()
        for (index, handler) in handlers.enumerated() {
            if stopRequested || outsideWorkIsReady {
                // Keep the rest for the next free thread.
                spareHandlers.insert(contentsOf: handlers[index...], at: 0)
                return
            }
            handler()
        }
    }

    /// The poll timeout in milliseconds to the next timer or alarm, `-1` when none.
    func nextTimeout() -> Int32 {
        var timeout: Int64 = -1
        if let deadline = Self.earliest(timers.values.lazy.map(\.deadline)) {
            let remaining = max(0, deadline - Self.monotonicNow())
            timeout = (remaining + 999_999) / 1_000_000
        }
        if let deadline = Self.earliest(alarms.values.lazy.map(\.deadline)) {
            let remaining = max(0, deadline.subtractingReportingOverflow(Self.realtimeNow()).partialValue)
            let milliseconds = min(Int64(Int32.max), remaining / 1_000 + (remaining % 1_000 == 0 ? 0 : 1))
            timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
        }
        return Int32(clamping: timeout)
    }

    /// Runs the handlers of the watches on `fd` that wait for what `revents` reports, in the order they were added.
    private func dispatchWatches(on fd: Int32, revents: UInt32) {
        var ready: WatchEvents = []
        if revents & EPOLLIN.rawValue != 0 { ready.insert(.readable) }
        if revents & EPOLLOUT.rawValue != 0 { ready.insert(.writable) }
        if revents & EPOLLERR.rawValue != 0 { ready.insert(.error) }
        if revents & EPOLLHUP.rawValue != 0 { ready.insert(.hangup) }
        // Looked up again after each handler, which may add, change and remove watches. After stop(), events stay for
        // the next run: descriptors are level-triggered and stay ready.
        var after: UInt64 = 0
        while !stopRequested, let (id, watch) = nextWatch(on: fd, after: after) {
            after = id.rawValue
            let events = ready.intersection(watch.pollable.union([.error, .hangup]))
            if !events.isEmpty {
                watch.handler(events)
            }
        }
    }

    /// The watch on `fd` waiting for anything, added first after the source numbered `after`.
    private func nextWatch(on fd: Int32, after: UInt64) -> (LoopSourceID, Watch)? {
        var next: (LoopSourceID, Watch)?
        for (id, watch) in watches where watch.fd == fd && id.rawValue > after && !watch.pollable.isEmpty {
            if next.map({ id.rawValue < $0.0.rawValue }) ?? true {
                next = (id, watch)
            }
        }
        return next
    }

    /// Makes the loop sleep on one of its own descriptors, to read it once it is readable.
    func sleepOn(_ fd: Int32) {
        epoll.hold(EPOLLIN.rawValue, on: fd)
    }

    /// What the loop's epoll(7) instance is to wait for on `fd`: all its watches wait for.
    private func epollEvents(on fd: Int32) -> UInt32 {
        var events: UInt32 = 0
        for watch in watches.values where watch.fd == fd {
            if watch.pollable.contains(.readable) { events |= EPOLLIN.rawValue }
            if watch.pollable.contains(.writable) { events |= EPOLLOUT.rawValue }
        }
        return events
    }

    /// The smallest of `deadlines`, without an array: the loop asks at every iteration.
    private static func earliest(_ deadlines: some Sequence<Int64>) -> Int64? {
        var earliest: Int64?
        for deadline in deadlines where earliest.map({ deadline < $0 }) ?? true {
            earliest = deadline
        }
        return earliest
    }

    private func fireDueTimers() {
        guard let first = Self.earliest(timers.values.lazy.map(\.deadline)) else { return }
        let now = Self.monotonicNow()
        guard first <= now else { return }
        let due = timers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
        for (id, _) in due where !stopRequested {
            guard var timer = timers[id] else { continue }
            if timer.repeating {
                timer.deadline = now + timer.interval
                timers[id] = timer
            } else {
                timers[id] = nil
            }
            timer.handler()
        }
    }

    private func fireDueAlarms() {
        guard let first = Self.earliest(alarms.values.lazy.map(\.deadline)) else { return }
        let now = Self.realtimeNow()
        guard first <= now else { return }
        let due = alarms.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
        for (id, _) in due where !stopRequested {
            guard let alarm = alarms.removeValue(forKey: id) else { continue }
            alarm.handler()
        }
    }

    // MARK: - Sources

    /// Starts watching `fd`; see `DBusEventLoop.addWatch(fd:events:handler:)`.
    @discardableResult
    public func addWatch(fd: Int32, events: WatchEvents, handler: @escaping (WatchEvents) -> Void) -> LoopSourceID {
        let id = makeID()
        watches[id] = Watch(fd: fd, events: events, handler: handler)
        epoll.hold(epollEvents(on: fd), on: fd, anew: true)
        noteChange()
        return id
    }

    /// Changes what a watch waits for; an empty set disables it.
    public func updateWatch(_ id: LoopSourceID, events: WatchEvents) {
        guard let fd = watches[id]?.fd else { return }
        watches[id]?.events = events
        epoll.hold(epollEvents(on: fd), on: fd)
        noteChange()
    }

    /// Stops a watch.
    public func removeWatch(_ id: LoopSourceID) {
        guard let fd = watches.removeValue(forKey: id)?.fd else { return }
        epoll.hold(epollEvents(on: fd), on: fd)
        noteChange()
    }

    /// Starts a timer on the monotonic clock; see `DBusEventLoop.addTimer(interval:repeating:handler:)`.
    @discardableResult
    public func addTimer(interval: Duration, repeating: Bool, handler: @escaping () -> Void) -> LoopSourceID {
        let id = makeID()
        let nanoseconds = max(0, Self.nanoseconds(interval))
        timers[id] = Timer(
            deadline: Self.monotonicNow() + nanoseconds, interval: nanoseconds, repeating: repeating, handler: handler)
        noteChange()
        return id
    }

    /// Stops a timer.
    public func removeTimer(_ id: LoopSourceID) {
        timers[id] = nil
        noteChange()
    }

    /// Runs `handler` once at the start of the next iteration, before the loop sleeps.
    public func scheduleIdle(_ handler: @escaping () -> Void) {
        idleHandlers.append(handler)
        noteChange()
    }

    /// Runs `handler` once at the start of the next iteration of whichever thread comes to one first, after the idle
    /// callbacks, but wakes no thread for it: for work worth doing while a thread is free and not worth a wake-up.
    /// Handed in before a handler hands out work, it runs on the other thread only if an event wakes that thread
    /// meanwhile, and otherwise once the work's `then` has run.
    public func scheduleSpare(_ handler: @escaping () -> Void) {
        spareHandlers.append(handler)
    }

    // MARK: - Clocks

    static func monotonicNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// The wall clock, in microseconds since the Unix epoch.
    static func realtimeNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max / 2 : scaled + attoseconds / 1_000_000_000
    }

    static func milliseconds(rounding duration: Duration) -> Int32 {
        let nanoseconds = max(0, nanoseconds(duration))
        return Int32(clamping: (nanoseconds + 999_999) / 1_000_000)
    }
}
