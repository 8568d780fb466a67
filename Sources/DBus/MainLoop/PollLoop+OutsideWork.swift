import CSystem
import Glibc

/// Work a handler hands to the loop to run outside it: see `PollLoop.runOutside(_:then:)`.
struct OutsideWork {
    let work: @Sendable () -> Void
    let then: () -> Void
}

/// Which of a loop's threads is which: the one that called `run()`, or the helper the loop starts for outside work.
enum LoopThreadRole: Equatable {
    case runner
    case helper
}

/// What the loop knows of one thread's sleep in epoll_wait(2).
struct PollerSleep {
    /// Whether the thread is in epoll_wait(2), the lock let go.
    var polling = false
    /// Whether a source changed since it went in: the thread going out with work looks, as it lets go of the lock,
    /// whether the other must look again (`wakePollerIfItMustLook()`).
    var changedSince = false
    /// When its epoll_wait(2) times out, on the monotonic clock; `nil` when it waits forever.
    var until: Int64?
}

/// The life of a loop's second thread: started by the first outside work, it serves beside the runner until the
/// loop stops or no work has come for `PollLoop.helperLinger`, then ends, and the runner joins it.
enum HelperThread {
    /// None: no work needed one yet, or the last one left and was joined.
    case absent
    /// Serving the sources and taking outside work in turn with the runner.
    case serving(pthread_t)
    /// It has stopped serving and its thread ends, for the runner to join.
    case left(pthread_t)
}

extension PollLoop {
    /// Runs `work` outside the loop, and then `then` as one of the loop's handlers.
    ///
    /// A handler that must wait (for a disk, say) hands its wait to the loop rather than block it: once the handler
    /// has returned, the thread that ran it runs `work` with the loop let go, while a second thread of the loop (started
    /// on the first such work) serves every source meanwhile; then it runs `then` with the loop held again, as any
    /// handler, and goes back to serving. So the wait costs no hand-off to another thread on its way: the thread a
    /// message woke does the work and answers from there, as a single-threaded program would, and the loop is never
    /// held by it. Nor does going out wake the other thread: it already waits in epoll_wait(2), for the next event,
    /// and is woken only when it would wait for the wrong thing (a timer due sooner than it wakes, an idle callback).
    ///
    /// Outside work runs one piece at a time, in the order handed in; a piece handed in while another is out is run
    /// by the thread already out, after it. `work` must touch nothing the loop's handlers touch (it runs beside them);
    /// `then` may touch anything a handler may. Outside `run()` (before it, or after it returned), the work waits for
    /// the next `run()`, or for ``runQueuedOutsideWork()``.
    ///
    /// - Parameters:
    ///   - work: What to run outside the loop.
    ///   - then: What to run afterwards, as a handler.
    public func runOutside(_ work: @escaping @Sendable () -> Void, then: @escaping () -> Void) {
        outsideWork.append(OutsideWork(work: work, then: then))
        noteChange()
    }

    /// Has the thread running outside work's `then` let its processor go for a moment once no outside work is left,
    /// with the loop let go, before it serves again: for a `then` that has answered over a socket and has work left
    /// that the answers did not need, handed to the loop as spare or idle callbacks.
    ///
    /// An answer written to a local socket wakes its reader with a synchronous wake-up, which places the reader on the
    /// writer's processor in the expectation that the writer sleeps next. A single-threaded server does sleep next;
    /// a thread that goes on working holds the reader (a bus daemon carrying the answer on) until the scheduler
    /// preempts it. The pause is the shortest sleep (``pauseLength``, a `nanosleep` of 1 µs, which the kernel's
    /// timer slack, 50 µs by default, lengthens): a sleep rather than `sched_yield(2)`, which on a busy machine left
    /// the thread runnable behind a CPU-bound process for a whole slice, and then neither thread was in
    /// epoll_wait(2) to take the next call. Meanwhile the other thread serves, and takes outside work handed in.
    public func pauseAfterOutsideWork() {
        pauseRequested = true
    }

    /// Runs `body` at once on this thread, from one of the loop's handlers, with the loop let go: another thread of
    /// the loop may run handlers meanwhile (outside work's `then`, an event's). For work that must not hold up the
    /// other thread's handlers: as outside work, `body` must touch nothing the loop's handlers touch.
    public func letGo<Result>(_ body: () -> Result) -> Result {
        exclusion.unlock()
        defer { exclusion.lock() }
        return body()
    }

    /// Runs the outside work handed in and not yet run, and each piece's `then`, on the calling thread, until none is
    /// left: for a program stopping, once `run()` has returned.
    public func runQueuedOutsideWork() {
        exclusion.lock()
        defer { exclusion.unlock() }
        while !outsideWork.isEmpty {
            let next = outsideWork.removeFirst()
            exclusion.unlock()
            next.work()
            exclusion.lock()
            next.then()
        }
    }

    /// How long the helper stays once outside work has ended, in nanoseconds: a burst's writes come well within it,
    /// and starting a thread again costs tens of microseconds. Past it the helper leaves, and what its thread held
    /// (its stack, glibc's cache of the blocks it freed) goes back to the system.
    static let helperLinger: Int64 = 250_000_000

    /// One of the loop's threads, the lock held, until the loop stops (the helper: or until it may leave): it takes
    /// the outside work when some is waiting and no thread is out with work, and serves the sources otherwise. Both
    /// threads may wait in epoll_wait(2) at once, each descriptor then one-shot (`EpollSet.oneShot`), so an event
    /// wakes one of them.
    func participate(as role: LoopThreadRole) {
        while !stopRequested {
            if role == .runner { joinHelperIfItLeft() }
            if workerAway == nil, !outsideWork.isEmpty {
                runOutsideWork(as: role)
                continue
            }
            if role == .helper, helperMayLeave { break }
            iterate(as: role, maximumWait: role == .helper ? helperPollLimit : nil)
        }
        exclusion.broadcast()
    }

    /// Whether the helper may leave: nothing is out or waiting to go out, and none has been for ``helperLinger``.
    private var helperMayLeave: Bool {
        workerAway == nil && outsideWork.isEmpty
            && Self.monotonicNow() - outsideWorkEndedAt >= Self.helperLinger
    }

    /// The longest the helper polls, in milliseconds: until it may leave, or, while work is out, the whole linger,
    /// after which it looks again (it is not woken when the work ends). The runner polls with it meanwhile.
    private var helperPollLimit: Int32 {
        guard workerAway == nil else { return Self.milliseconds(rounding: .nanoseconds(Self.helperLinger)) }
        let remaining = outsideWorkEndedAt + Self.helperLinger - Self.monotonicNow()
        return Self.milliseconds(rounding: .nanoseconds(max(0, remaining)))
    }

    /// Whether outside work is waiting that this thread may take now, rather than poll.
    var outsideWorkIsReady: Bool {
        workerAway == nil && !outsideWork.isEmpty
    }

    /// Takes the outside work waiting and runs it, and whatever more is handed in meanwhile, until none is left or the
    /// loop stops, the sources served meanwhile by the other thread from epoll_wait(2), where it already is.
    private func runOutsideWork(as role: LoopThreadRole) {
        workerAway = role
        startHelperIfNeeded()
        repeat {
            let next = outsideWork.removeFirst()
            wakePollerIfItMustLook()
            exclusion.unlock()
            next.work()
            exclusion.lock()
            next.then()
        } while !stopRequested && !outsideWork.isEmpty
        outsideWorkEndedAt = Self.monotonicNow()
        workerAway = nil
        if pauseRequested {
            pauseRequested = false
            guard !stopRequested else { return }
            exclusion.unlock()
            let (seconds, attoseconds) = pauseLength.components
            var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&pause, nil)
            exclusion.lock()
        }
    }

    /// Notes that a source changed, for the threads in epoll_wait(2): call with the lock held after changing a source.
    /// A thread is woken only when another goes out with work leaving it to wait for the wrong thing
    /// (``wakePollerIfItMustLook()``): a timer due sooner than it wakes, say, but not a watch changed, which the
    /// epoll(7) instance it waits on sees at once.
    func noteChange() {
        if runnerSleep.polling { runnerSleep.changedSince = true }
        if helperSleep.polling { helperSleep.changedSince = true }
    }

    /// Wakes the other thread, if it is in epoll_wait(2), when what changed since it went in makes it wait for the
    /// wrong thing: a timer or alarm due sooner, an idle callback, outside work no thread is out with, a descriptor
    /// epoll(7) refused or one closed while watched. Call with the lock held, as a thread going out with work lets it
    /// go: one that goes back to epoll_wait(2) itself waits for the right thing.
    func wakePollerIfItMustLook() {
        // The thread going out is not in epoll_wait(2): one wake-up reaches the other, the only one that may be.
        let runnerMustLook = mustLookAgain(.runner)
        let helperMustLook = mustLookAgain(.helper)
        if runnerMustLook || helperMustLook { wakePoller() }
    }

    /// Whether `role`'s thread, in epoll_wait(2), must look again since a source changed; the change is then taken
    /// into account.
    private func mustLookAgain(_ role: LoopThreadRole) -> Bool {
        guard self[sleepOf: role].changedSince else { return false }
        self[sleepOf: role].changedSince = false
        return mustLook(until: self[sleepOf: role].until)
    }

    /// Whether a thread in epoll_wait(2) until `until` waits for something else than it should now.
    private func mustLook(until: Int64?) -> Bool {
        if stopRequested || !idleHandlers.isEmpty || outsideWorkIsReady { return true }
        if epoll.mustRebuild || !epoll.refused.isEmpty { return true }
        let timeout = nextTimeout()
        guard timeout >= 0 else { return false }
        // Within the millisecond epoll_wait(2) counts in, a deadline is as good as the poller's own.
        guard let until else { return true }
        return Self.monotonicNow() + Int64(timeout) * 1_000_000 < until - 1_000_000
    }

    /// Wakes one thread in epoll_wait(2) at once, if one is in it: for a stop, the helper leaving, or a thread that
    /// must look again.
    func wakePoller() {
        guard runnerSleep.polling || helperSleep.polling, wakeWriteFD >= 0 else { return }
        var one: UInt64 = 1
        _ = write(wakeWriteFD, &one, MemoryLayout<UInt64>.size)
    }

    /// Empties the wake-up descriptor after it woke the poll.
    func drainWakeups() {
        var count: UInt64 = 0
        _ = read(wakeWriteFD, &count, MemoryLayout<UInt64>.size)
    }

    /// Starts the helper thread, and the descriptor that wakes a thread in epoll_wait(2), the first time they are
    /// needed in a `run()`. The lock is held.
    private func startHelperIfNeeded() {
        joinHelperIfItLeft()
        guard case .absent = helper else { return }
        // glibc gives each thread that allocates an arena of its own, and the two threads run the same handlers in
        // turn: two arenas would each keep the free memory of half the calls (0.8 MiB more after 100,000 calls,
        // measured). The threads never allocate at once, so one arena costs no waiting.
        _ = mallopt(M_ARENA_MAX, 1)
        if wakeWriteFD < 0 {
            wakeWriteFD = eventfd(0, Int32(CSYSTEM_EFD_NONBLOCK | CSYSTEM_EFD_CLOEXEC))
            sleepOn(wakeWriteFD)
        }
        // No thread is in epoll_wait(2): this one holds the lock, and there is no other yet.
        epoll.holdOneShot(true)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(LoopBox(self)).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let loop = Unmanaged<LoopBox>.fromOpaque(context).takeRetainedValue().loop
                loop.serveAsHelper()
                return nil
            }, context)
        guard status == 0 else {
            // Without a helper the work still runs, only with the sources unserved meanwhile.
            Unmanaged<LoopBox>.fromOpaque(context).release()
            epoll.holdOneShot(false)
            return
        }
        helper = .serving(thread)
    }

    /// The helper thread's life: serve with the runner until the loop stops or it may leave, with every signal
    /// blocked (they are the runner's to take).
    private func serveAsHelper() {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        exclusion.lock()
        participate(as: .helper)
        // This thread has handled every event it was given, so none is reported to it and held back: the runner, alone
        // again, waits level-triggered, as before the helper came.
        epoll.holdOneShot(false)
        helper = .left(pthread_self())
        exclusion.broadcast()
        // A runner in epoll_wait(2) joins it now rather than at its next event.
        wakePoller()
        exclusion.unlock()
    }

    /// Joins the helper once it has left, the lock held (let go meanwhile), and gives the free memory back.
    func joinHelperIfItLeft() {
        guard case .left(let thread) = helper else { return }
        exclusion.unlock()
        pthread_join(thread, nil)
        // Its thread handed glibc's cache of the blocks it freed back to the arena as it ended: return the free pages
        // in it to the system.
        malloc_trim(0)
        exclusion.lock()
        helper = .absent
    }

    /// Waits, the lock held, until the helper has stopped serving, and joins it; from `run()` as it returns.
    func stopHelper() {
        while case .serving = helper {
            // It sees the stop once out of epoll_wait(2), where nothing else may come to wake it.
            wakePoller()
            exclusion.wait()
        }
        joinHelperIfItLeft()
    }
}

/// The loop, handed to the helper thread. The loop is not Sendable: the helper touches it only with its lock held.
private final class LoopBox: @unchecked Sendable {
    let loop: PollLoop
    init(_ loop: PollLoop) { self.loop = loop }
}
