import BusTestSupport
import Foundation

/// Wake-ups and resident memory of idle processes: fresh services (feels-tipsd with `--display-frequency daily`), and
/// `feels-tips-notifier` beside this build's with python3-dbusmock's notification server, settled after showing its
/// first tip; every thread's context switches read from `/proc` before and after the watch, `VmRSS` at its end.
enum IdlePhase {
    /// Starts the processes, watches them for the options' idle time, stops them, and returns the four rows.
    ///
    /// - Throws: ``BenchError`` for a failed start or an interruption.
    static func rows(options: BenchOptions, progress: (String) -> Void) throws(BenchError) -> [BudgetRow] {
        let daily = ["--display-frequency", "daily"]
        let build = try ServiceUnderTest(Subject(role: .build, path: options.daemon), options: daily)
        let peer = try ServiceUnderTest(Subject(role: .peer, path: options.peer))
        let baseline = try options.baseline.map { (path) throws(BenchError) in
            try ServiceUnderTest(Subject(role: .baseline, path: path), options: daily)
        }
        var helpers: [ChildProcess] = []
        defer {
            for helper in helpers.reversed() { helper.terminate() }
            for service in [baseline, peer, build] { service?.stop() }
        }
        if let path = options.notifier {
            progress("idle: starting python3-dbusmock's notification server and feels-tips-notifier")
            helpers.append(try start("/usr/bin/python3", Self.server, on: build))
            let waited = try? runTool(
                "gdbus", ["wait", "--session", "--timeout", "20", "org.freedesktop.Notifications"],
                env: ["DBUS_SESSION_BUS_ADDRESS": build.bus.address], timeout: .seconds(25))
            guard waited?.status == 0 else {
                throw .setup("python3-dbusmock's notification server did not start: " + helpers[0].log)
            }
            helpers.append(try start(path, ["--address", build.bus.address], on: build))
            var settled = false
            while !settled, let line = helpers[1].readLine(from: .standardError, timeout: .seconds(20)) {
                settled = line.contains("Waiting")
            }
            if !settled { progress("idle: feels-tips-notifier did not say it was waiting; measured all the same") }
        }
        usleep(1_000_000)
        let pids = [build.pid, baseline?.pid, peer.pid, helpers.count > 1 ? helpers[1].pid : nil]
        progress("idle: watching for \(options.idleTime)")
        let before = pids.map { $0.map { ProcessStatus(pid: $0).contextSwitches } ?? [:] }
        let end = ContinuousClock.now.advanced(by: options.idleTime)
        while ContinuousClock.now < end {
            try Interruption.check()
            usleep(100_000)
        }
        let seconds = Int(options.idleTime.microseconds / 1e6)
        func wakeups(_ index: Int) -> Quantity? {
            pids[index].map { pid in
                Quantity(
                    Double(ProcessStatus.wakeups(from: before[index], to: ProcessStatus(pid: pid).contextSwitches)),
                    .count)
            }
        }
        func resident(_ index: Int) -> Quantity? {
            pids[index].map { Quantity(Double(ProcessStatus(pid: $0).residentKiB ?? 0) / 1024, .mebibytes) }
        }
        let memory = Budget.atMost(10)
        return [
            BudgetRow(
                what: "feels-tipsd wake-ups in \(seconds) s idle", build: wakeups(0), baseline: wakeups(1),
                floor: wakeups(2), budget: .zero),
            BudgetRow(what: "notifier wake-ups in \(seconds) s idle", build: wakeups(3), budget: .zero),
            BudgetRow(
                what: "feels-tipsd VmRSS idle", build: resident(0), baseline: resident(1), floor: resident(2),
                budget: memory),
            BudgetRow(what: "notifier VmRSS idle", build: resident(3), budget: memory),
        ]
    }

    /// python3-dbusmock's notification server, as a desktop's with body text and actions.
    private static let server = [
        "-m", "dbusmock", "--template", "notification_daemon", "-p", #"{"capabilities": "body actions"}"#,
    ]

    /// Starts a helper on `service`'s bus as its session bus, with its configuration in the service's folder.
    private static func start(
        _ path: String, _ arguments: [String], on service: ServiceUnderTest
    ) throws(BenchError) -> ChildProcess {
        do {
            return try ChildProcess(
                path, arguments,
                environment: [
                    "DBUS_SESSION_BUS_ADDRESS": service.bus.address,
                    "XDG_CONFIG_HOME": service.folder.appendingPathComponent("config").path,
                    // No logind to ask whether the screen is locked: the notifier then takes the user as present.
                    "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(service.folder.path)/no-system-bus",
                    "XDG_SESSION_ID": nil, "JOURNAL_STREAM": nil,
                ])
        } catch {
            throw .setup("Failed to start '\(path)': \(error)")
        }
    }
}
