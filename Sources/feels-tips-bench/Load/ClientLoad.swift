import BusTestSupport
import DBus
import Foundation
import Synchronization

/// Many clients at once, each on a thread of its own with a connection of its own, each calling as fast as its
/// replies come back: what a busy desktop looks like to the service.
struct ClientLoad {
    /// How a load ends.
    enum End: Sendable {
        /// After `warmup` (not counted) and a window of `length` (counted).
        case window(warmup: Duration, length: Duration)
        /// Once the clients together have made this many calls.
        case calls(Int)
    }

    /// The private bus to connect to.
    let address: String
    /// The service on it, and the contract it speaks.
    let service: CallTarget
    /// One script per client: the calls it makes, in turn, again and again.
    let scripts: [[CallKind]]
    /// Processes whose time on and waiting for a processor over the window is measured (the service, the bus).
    var watched: [Int32] = []
    /// A process whose threads' states are sampled every 2 ms of the window.
    var profiled: Int32?

    /// A load of `scripts`, a client each, on `service`'s bus and name.
    init(on service: ServiceUnderTest, scripts: [[CallKind]]) {
        address = service.address
        self.service = service.target
        self.scripts = scripts
    }

    /// Connects every client, starts them together, and collects what they made.
    ///
    /// - Parameters:
    ///   - end: When the clients stop.
    ///   - afterWindow: Runs once the window has ended, while clients may still wait for their last replies: stop
    ///     a service whose disk keeps them waiting, say. Calls failing after the window are not errors.
    /// - Returns: Every call made.
    /// - Throws: ``BenchError/setup(_:)`` when a client cannot connect, ``BenchError/call(_:_:)`` when a call fails
    ///   inside the window, ``BenchError/interrupted(_:)``.
    func run(_ end: End, afterWindow: () -> Void = {}) throws(BenchError) -> LoadResult {
        let shared = SharedLoad()
        for script in scripts {
            let (address, service) = (self.address, self.service)
            let thread = Thread {
                Self.client(address: address, service: service, script: script, end: end, shared: shared)
            }
            thread.name = "bench client"
            thread.start()
        }
        let count = scripts.count
        let allReady = shared.state.wait(timeout: .seconds(60)) { $0.ready == count || !$0.failures.isEmpty }
        let clock = ContinuousClock()
        let go = clock.now
        let window: (start: ContinuousClock.Instant, end: ContinuousClock.Instant)
        switch end {
        case .window(let warmup, let length): window = (go.advanced(by: warmup), go.advanced(by: warmup + length))
        case .calls: window = (go, go.advanced(by: .seconds(3600)))
        }
        shared.state.update { state in
            state.windowEnd = window.end
            state.started = allReady && state.failures.isEmpty
        }
        guard allReady, shared.state.current.failures.isEmpty else {
            shared.stop.store(true, ordering: .relaxed)
            shared.state.wait(timeout: .seconds(30)) { $0.finished == count }
            let failure = shared.state.current.failures.first ?? "the clients did not connect within 60 s"
            throw .setup("Failed to start \(count) clients: \(failure)")
        }
        var scheduler: [Int32: (running: Double, waiting: Double)] = [:]
        var profile = profiled.map { WallProfile(pid: $0) }
        if case .window = end {
            var watches: [SchedulerWatch] = []
            while clock.now < window.end {
                if Interruption.signal != nil { shared.stop.store(true, ordering: .relaxed) }
                if clock.now >= window.start {
                    if watches.isEmpty {
                        watches = watched.map(SchedulerWatch.init(pid:))
                    } else {
                        for index in watches.indices { watches[index].sample() }
                    }
                    profile?.sample()
                }
                let left = clock.now.duration(to: clock.now < window.start ? window.start : window.end)
                usleep(UInt32(max(500, min(profile == nil ? 50_000 : 2_000, left.microseconds))))
            }
            for var watch in watches {
                watch.sample()
                scheduler[watch.pid] = watch.elapsed
            }
            afterWindow()
        }
        // A client waits for its last reply; a disk slowed to 500 ms a flush can hold 64 writers for half a minute.
        let finished = shared.state.wait(timeout: .seconds(300)) { $0.finished == count }
        try Interruption.check()
        let state = shared.state.current
        guard finished else { throw .setup("\(count - state.finished) clients did not finish within 300 s") }
        if let failure = state.failures.first { throw .call("a client of \(count)", failure) }
        if case .calls = end, let last = state.samples.map(\.end).max() {
            return LoadResult(windowStart: window.start, windowEnd: last, samples: state.samples)
        }
        return LoadResult(
            windowStart: window.start, windowEnd: window.end, samples: state.samples, schedulerSeconds: scheduler,
            profile: profile)
    }

    /// One client's thread: connect, say ready, wait for the start, call until told to stop, hand the samples in.
    private static func client(
        address: String, service: CallTarget, script: [CallKind], end: End, shared: SharedLoad
    ) {
        var samples: [LoadSample] = []
        var failure: String?
        do throws(BenchError) {
            try calls(address: address, service: service, script: script, end: end, shared: shared, into: &samples)
        } catch {
            failure = error.description
        }
        let collected = samples
        let problem = failure
        shared.state.update { state in
            state.samples += collected
            if let problem { state.failures.append(problem) }
            state.finished += 1
        }
    }

    private static func calls(
        address: String, service: CallTarget, script: [CallKind], end: End, shared: SharedLoad,
        into samples: inout [LoadSample]
    ) throws(BenchError) {
        let connection: DBusConnection
        do { connection = try DBusConnection(address: address) } catch {
            shared.state.update { $0.ready += 1 }
            throw .setup("Failed to connect to '\(address)': \(error)")
        }
        defer { connection.close() }
        shared.state.update { $0.ready += 1 }
        shared.state.wait(timeout: .seconds(3600)) { $0.windowEnd != nil }
        let state = shared.state.current
        guard state.started, let windowEnd = state.windowEnd else { return }
        let clock = ContinuousClock()
        var turn = 0
        while !shared.stop.load(ordering: .relaxed) {
            switch end {
            case .window:
                if clock.now >= windowEnd { return }
            case .calls(let budget):
                if shared.calls.wrappingAdd(1, ordering: .relaxed).newValue > budget { return }
            }
            let kind = script[turn % script.count]
            turn += 1
            do {
                let call = try BusCall.make(
                    kind, to: service, on: connection, timeout: .seconds(120), checking: false)
                samples.append(LoadSample(kind: kind, start: call.start, end: call.start.advanced(by: call.elapsed)))
            } catch {
                // After the window, a failure is the bench stopping the service under its clients.
                if clock.now < windowEnd { throw error }
                return
            }
        }
    }
}

/// What the clients of one load share: their meeting point, the stop flag and the call budget.
private final class SharedLoad: Sendable {
    struct State: Sendable {
        var ready = 0
        var started = false
        var windowEnd: ContinuousClock.Instant?
        var finished = 0
        var samples: [LoadSample] = []
        var failures: [String] = []
    }

    let state = Locked(State())
    let stop = Atomic<Bool>(false)
    let calls = Atomic<Int>(0)
}
