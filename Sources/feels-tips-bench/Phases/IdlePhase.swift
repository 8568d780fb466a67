import BusTestSupport
import Foundation

/// How often the idle processes wake: a fresh service with the default display frequency, and, when it is built,
/// `feels-tips-notifier` beside it with a notification server, settled after showing its first tip. Every thread's
/// context switches are read from `/proc/PID/task/TID/status` before and after the watch. A baseline's feels-tipsd,
/// when measured, is watched over the same time on a bus of its own.
enum IdlePhase {
    /// Runs the phase on processes of its own.
    ///
    /// - Parameter subjects: This build's feels-tipsd, and the baseline's when measured.
    /// - Throws: ``BenchError`` for a failed setup or an interruption.
    static func run(
        _ subjects: [Subject], options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        var report = PhaseReport(title: "Idle wake-ups over \(ThroughputPhase.format(options.idle))")
        var services: [ServiceUnderTest] = []
        defer {
            for service in services { service.stop() }
        }
        for subject in subjects {
            services.append(try ServiceUnderTest.start(subject, displayFrequency: "daily"))
        }
        let service = services[0]
        var watched = services.map { ($0.subject.role == .build ? "feels-tipsd" : "baseline feels-tipsd", $0.pid) }
        var server: ChildProcess?
        var notifier: ChildProcess?
        defer {
            notifier?.terminate(grace: .seconds(5))
            server?.terminate(grace: .seconds(5))
        }
        if let path = options.notifier {
            if FileManager.default.isReadableFile(atPath: "/usr/lib/python3/dist-packages/dbusmock/__init__.py") {
                progress("idle: starting a notification server and feels-tips-notifier")
                server = try startNotificationServer(on: service)
                let started = try startNotifier(path, on: service)
                notifier = started.process
                watched.append(("feels-tips-notifier", started.process.pid))
                report.notes.append(
                    started.settled.map { "feels-tips-notifier settled: '\($0)'." }
                        ?? "feels-tips-notifier did not say it was waiting within 20 s; measured all the same.")
            } else {
                report.notes.append(
                    "feels-tips-notifier not measured: python3-dbusmock (for /usr/bin/python3) is not installed.")
            }
        } else {
            report.notes.append("feels-tips-notifier is not built beside feels-tipsd; only feels-tipsd is measured.")
        }
        usleep(1_000_000)
        progress(
            "idle: watching \(watched.map(\.0).joined(separator: " and ")) for \(ThroughputPhase.format(options.idle))")
        let before = watched.map { ProcessStatus(pid: $0.1).contextSwitches }
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: options.idle)
        while clock.now < end {
            try Interruption.check()
            usleep(100_000)
        }
        let after = watched.map { ProcessStatus(pid: $0.1).contextSwitches }
        var rows = [["process", "thread", "wake-ups"]]
        var mappings: [String] = []
        for (index, (name, pid)) in watched.enumerated() {
            let status = ProcessStatus(pid: pid)
            let total = ProcessStatus.wakeups(from: before[index], to: after[index])
            for (thread, count) in after[index].sorted(by: { $0.key < $1.key }) {
                let woke = count - (before[index][thread] ?? 0)
                rows.append([name, "\(thread) \(threadName(pid: pid, thread: thread))", String(woke)])
            }
            let isBaseline = index > 0 && index < services.count
            let wakeups = Figure(
                "\(isBaseline ? "feels-tipsd" : name) wake-ups in \(ThroughputPhase.format(options.idle)) idle",
                Double(total), "", target: .zero)
            if isBaseline {
                report.baselineFigures.append(wakeups)
                continue
            }
            report.figures.append(wakeups)
            // The service's idle memory is the memory phase's figure; the notifier's is only measured here.
            if name != "feels-tipsd" {
                let resident = Double(status.residentKiB ?? 0) / 1024
                report.figures.append(Figure("\(name) VmRSS idle", resident, "MiB", target: .valueAtMost(12)))
                mappings += ["", "\(name) idle VmRSS by mapping (KiB), the largest:"]
                mappings += TextTable(
                    rows: status.residentByMapping.prefix(14).map {
                        [$0.name.isEmpty ? "(anonymous)" : $0.name, String($0.kibibytes)]
                    }
                ).lines.map { "  " + $0 }
            }
        }
        report.lines = TextTable(rows: rows, leftAligned: 2).lines + mappings
        report.notes.insert(
            "A wake-up is a context switch, voluntary or not, of any thread, counted from 1 s after the processes "
                + "settled. feels-tipsd runs with --display-frequency daily on a fresh datastore.", at: 0)
        return report
    }

    private static func threadName(pid: Int32, thread: Int32) -> String {
        let text = ProcessStatus.read("/proc/\(pid)/task/\(thread)/comm") ?? ""
        return "(\(text.trimmingCharacters(in: .whitespacesAndNewlines)))"
    }

    private static func startNotificationServer(on service: ServiceUnderTest) throws(BenchError) -> ChildProcess {
        let server: ChildProcess
        do {
            server = try ChildProcess(
                "/usr/bin/python3",
                [
                    "-m", "dbusmock", "--template", "notification_daemon", "-p",
                    #"{"capabilities": "body body-markup actions"}"#,
                ], environment: ["DBUS_SESSION_BUS_ADDRESS": service.address])
        } catch {
            throw .setup("Failed to start python3-dbusmock's notification_daemon: \(error)")
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(20))
        while clock.now < deadline {
            try Interruption.check()
            let owned = try? service.client.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner", arguments: [.string("org.freedesktop.Notifications")], timeout: .seconds(5))
            if owned?.first?.boolValue == true { return server }
            guard server.isRunning else { break }
            usleep(20_000)
        }
        server.kill()
        throw .setup(
            "The notification server did not own org.freedesktop.Notifications: "
                + server.lines(of: .standardError).joined(separator: " / "))
    }

    private static func startNotifier(
        _ path: String, on service: ServiceUnderTest
    ) throws(BenchError) -> (process: ChildProcess, settled: String?) {
        let config = service.folder.appendingPathComponent("config").path
        let notifier: ChildProcess
        do {
            notifier = try ChildProcess(
                path, ["--address", service.address],
                environment: [
                    "DBUS_SESSION_BUS_ADDRESS": service.address, "XDG_CONFIG_HOME": config,
                    // No logind to ask whether the screen is locked: the notifier then takes the user as present.
                    "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(service.folder.path)/no-system-bus",
                    "XDG_SESSION_ID": nil, "JOURNAL_STREAM": nil,
                ])
        } catch {
            throw .setup("Failed to start '\(path)': \(error)")
        }
        while let line = notifier.readLine(from: .standardError, timeout: .seconds(20)) {
            if line.contains("Waiting") { return (notifier, line) }
        }
        return (notifier, nil)
    }
}
