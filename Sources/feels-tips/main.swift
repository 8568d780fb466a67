import FeelsSystem
import Glibc
import TipsCommand

// feels-tips: wiring only. What it understands, asks, calls and prints lives in TipsCommand; here its failures
// become log lines and exit statuses.

let log = ProcessLog(program: "feels-tips")

do throws(CommandFailure) {
    let invocation = try Invocation(parsing: Array(CommandLine.arguments.dropFirst()))
    let outcome = try CommandRunner(invocation: invocation, context: .system()).run()
    if let notice = outcome.notice {
        log.notice(notice)
    }
    exit(outcome.status.rawValue)
} catch {
    if error.status == .usage {
        log.usage(error.message)
    } else {
        log.error(error.message)
    }
    exit(error.status.rawValue)
}
