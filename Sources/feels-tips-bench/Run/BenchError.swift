import Glibc

/// Why a bench run stopped before printing its table.
enum BenchError: Error, CustomStringConvertible {
    /// A command line that cannot be run; the reason names the option or value at fault.
    case usage(String)
    /// A signal asked the bench to stop.
    case interrupted(Int32)
    /// The bench could not set up what it measures (a folder, the bus, a service).
    case setup(String)
    /// A call failed or answered something unexpected.
    case call(String, String)

    /// A one-line account of the error.
    var description: String {
        switch self {
        case .interrupted(let signal): "Interrupted by \(String(cString: strsignal(signal))), stopped"
        case .usage(let reason), .setup(let reason): reason
        case .call(let label, let reason): "Call \(label) failed: \(reason)"
        }
    }

    /// The exit status: 2 for a usage error, 128 + the signal for an interruption, 1 otherwise.
    var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .interrupted(let signal): 128 + signal
        case .setup, .call: 1
        }
    }
}
