import BusTestSupport
import TipsInterface

/// `dbus-monitor --profile` on a service's bus: every method call the examples make, as the bus carried it, so a
/// test counts the members an app used and the calls each job took without trusting the app's own word.
final class BusMonitor {
    /// One method call the bus carried to the service.
    struct Call: Equatable, CustomStringConvertible {
        /// The caller's unique name, such as `:1.7`: one a client run.
        var sender: String
        /// The interface named in the call.
        var interface: String
        /// The member called.
        var member: String

        var description: String { "\(sender) \(interface).\(member)" }
    }

    private let service: RunningService
    private let monitor: ChildProcess
    private var seen: [Call] = []

    /// Starts the monitor and waits until the bus made it one (`BecomeMonitor` takes its names away).
    init(on service: RunningService) throws {
        self.service = service
        monitor = try ChildProcess("dbus-monitor", ["--address", service.bus.address, "--profile"])
        while let line = monitor.readLine(timeout: .seconds(10)) {
            if Self.fields(line).last == "NameLost" { return }
        }
        throw MonitorFailed(
            reason: "never became a monitor: " + monitor.lines(of: .standardError).joined(separator: "\n"))
    }

    deinit {
        monitor.terminate(grace: .seconds(2))
    }

    /// Every call to the service's object so far from others than the test, in the order the bus carried them.
    ///
    /// The test's own `Peer.Ping` marks the end: once the monitor shows it, it has shown every call made before.
    func calls() throws -> [Call] {
        let marker = service.client.uniqueName
        guard service.answersPing() else {
            throw MonitorFailed(reason: "the service did not answer the Ping that marks the end")
        }
        while let line = monitor.readLine(timeout: .seconds(10)) {
            let fields = Self.fields(line)
            // mc, timestamp, serial, sender, destination, path, interface, member. The destination is the service's
            // unique name for a GDBusProxy, which sends to the name's owner, so the object path tells.
            guard fields.count == 8, fields[0] == "mc", fields[5] == Tips1.objectPath.rawValue else { continue }
            if fields[3] == marker {
                if fields[7] == "Ping" { return seen }
                continue
            }
            seen.append(Call(sender: fields[3], interface: fields[6], member: fields[7]))
        }
        throw MonitorFailed(reason: "dbus-monitor never showed the test's Ping")
    }

    private static func fields(_ line: String) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
}

/// `dbus-monitor` did not show what the test needs.
struct MonitorFailed: Error, CustomStringConvertible {
    /// What went wrong.
    var reason: String
    var description: String { reason }
}

extension [BusMonitor.Call] {
    /// The callers, in the order they first called: one a client run, as the runs were sequential.
    var callers: [String] {
        var callers: [String] = []
        for call in self where !callers.contains(call.sender) {
            callers.append(call.sender)
        }
        return callers
    }

    /// The members called, a list for each caller, callers in the order they first called.
    var membersByCaller: [[String]] {
        callers.map { caller in filter { $0.sender == caller }.map(\.member) }
    }
}
