import CSystem
import DBus
import Glibc

/// A main loop on epoll(7), run by one thread: descriptor watches, monotonic timers, wall-clock alarms, POSIX signals,
/// idle callbacks, and work other threads post to it through its ``mailbox``.
///
/// Use a loop from the thread that runs it, and from its handlers; only its ``mailbox`` may be used from any thread.
/// When nothing is due, `run()` sleeps in epoll_wait(2) with no periodic wake-ups: the timeout is the time to the next
/// timer or alarm, or infinite.
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
    var signalHandlers: [Int32: () -> Void] = [:]
    var clockChangeHandlers: [() -> Void] = []
    /// The read end of the pipe the signal handler writes signal numbers to, `-1` until a signal handler is added.
    var signalReadFD: Int32 = -1
    var signalWriteFD: Int32 = -1
    /// A `CLOCK_REALTIME` timerfd armed far in the future with `TFD_TIMER_CANCEL_ON_SET`, so that setting the clock
    /// (or resuming from suspend) wakes the loop to recompute alarm timeouts. `-1` until an alarm is set.
    var clockChangeFD: Int32 = -1
    /// What another thread posts work to the loop through.
    public let mailbox = LoopMailbox()
    private var nextID: UInt64 = 1
    var stopRequested = false

    /// Creates an empty loop.
    ///
    /// - Throws: `DBusError.system` when the loop's epoll(7) instance or its eventfd cannot be made (too many
    ///   descriptors open).
    public init() throws(DBusError) {
        epoll = try EpollSet()
        guard mailbox.descriptor >= 0 else { throw .system(operation: "eventfd", errno: errno) }
        sleepOn(mailbox.descriptor)
    }

    deinit {
        for signal in signalHandlers.keys {
            releaseSignal(signal)
        }
        for fd in [signalReadFD, signalWriteFD, clockChangeFD] where fd >= 0 {
            Glibc.close(fd)
        }
    }

    func makeID() -> LoopSourceID {
        defer { nextID += 1 }
        return LoopSourceID(rawValue: nextID)
    }

    // MARK: - Running

    /// Runs the loop until `stop()` is called from one of its handlers.
    public func run() {
        stopRequested = false
        while !stopRequested {
            iterate(maximumWait: nil)
        }
    }

    /// Makes `run()` return after the current handler; sources still due run in the next `run()`.
    public func stop() {
        stopRequested = true
    }

    /// Runs one iteration: idle callbacks, then waits at most `timeout` for events and handles them.
    ///
    /// - Parameter timeout: The longest wait; `nil` waits until something happens.
    public func runOnce(timeout: Duration?) {
        iterate(maximumWait: timeout.map(MonotonicTime.milliseconds(rounding:)))
    }

    /// Runs the work posted so far, here and now: for a program whose loop has stopped, finishing what other threads
    /// hand back.
    ///
    /// - Returns: How many pieces of work ran.
    @discardableResult
    public func runPosted() -> Int {
        let work = mailbox.take()
        for piece in work {
            piece()
        }
        return work.count
    }

    /// One iteration: idle callbacks, then epoll_wait(2), then what it found.
    private func iterate(maximumWait: Int32?) {
        runIdleHandlers()
        if stopRequested { return }
        epoll.rebuild()
        let nothingPending = idleHandlers.isEmpty && epoll.refused.isEmpty
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
        let count = epoll.wait(into: &ready, timeout: timeout)
        for event in ready.prefix(max(0, count)) {
            let fd = event.data.fd
            switch fd {
            case signalReadFD: drainSignals()
            case mailbox.descriptor: runPosted()
            case clockChangeFD: rearmClockChangeTimer()
            default: dispatchWatches(on: fd, revents: event.events)
            }
        }
        for (fd, revents) in epoll.refused {
            dispatchWatches(on: fd, revents: revents)
        }
        fireDueTimers()
        fireDueAlarms()
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

    /// The poll timeout in milliseconds to the next timer or alarm, `-1` when none.
    func nextTimeout() -> Int32 {
        var timeout: Int64 = -1
        if let deadline = timers.values.lazy.map(\.deadline).min() {
            let remaining = max(0, deadline - MonotonicTime.now())
            timeout = (remaining + 999_999) / 1_000_000
        }
        if let deadline = alarms.values.lazy.map(\.deadline).min() {
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

    private func fireDueTimers() {
        let now = MonotonicTime.now()
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
        let now = Self.realtimeNow()
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
        return id
    }

    /// Changes what a watch waits for; an empty set disables it.
    public func updateWatch(_ id: LoopSourceID, events: WatchEvents) {
        guard let fd = watches[id]?.fd else { return }
        watches[id]?.events = events
        epoll.hold(epollEvents(on: fd), on: fd)
    }

    /// Stops a watch.
    public func removeWatch(_ id: LoopSourceID) {
        guard let fd = watches.removeValue(forKey: id)?.fd else { return }
        epoll.hold(epollEvents(on: fd), on: fd)
    }

    /// Starts a timer on the monotonic clock; see `DBusEventLoop.addTimer(interval:repeating:handler:)`.
    @discardableResult
    public func addTimer(interval: Duration, repeating: Bool, handler: @escaping () -> Void) -> LoopSourceID {
        let id = makeID()
        let nanoseconds = max(0, MonotonicTime.nanoseconds(interval))
        timers[id] = Timer(
            deadline: MonotonicTime.now() + nanoseconds, interval: nanoseconds, repeating: repeating, handler: handler)
        return id
    }

    /// Stops a timer.
    public func removeTimer(_ id: LoopSourceID) {
        timers[id] = nil
    }

    /// Runs `handler` once at the start of the next iteration, before the loop sleeps.
    public func scheduleIdle(_ handler: @escaping () -> Void) {
        idleHandlers.append(handler)
    }

    // MARK: - Clocks

    /// The wall clock, in microseconds since the Unix epoch.
    static func realtimeNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}
