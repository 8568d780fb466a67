/// A part of the run; `--phases` picks some, in this order whatever order they are given in.
enum BenchPhase: String, CaseIterable, Comparable, Sendable {
    /// Single calls, interleaved, against Ping and a bare fdatasync.
    case latency
    /// Calls per second with 1, 4, 16 and 64 clients: reads, writes, mixed, and Ping.
    case throughput
    /// Single calls and LogMood's throughput again, with as many CPU-bound processes as cores running beside them.
    case busy
    /// Reads alone against reads while 16 writers run.
    case contention
    /// The same with every fdatasync of the service 500 ms slower, through a preloaded library.
    case slowDisk = "slow-disk"
    /// Exec to the name owned, with an empty journal and a full one.
    case startup
    /// LogMood and GetTips of one tip with an empty journal and a full one, interleaved.
    case journal
    /// Resident memory idle and after many calls.
    case memory
    /// Wake-ups of the idle service, and of the notifier when it is built.
    case idle

    static func < (left: BenchPhase, right: BenchPhase) -> Bool {
        (allCases.firstIndex(of: left) ?? 0) < (allCases.firstIndex(of: right) ?? 0)
    }
}
