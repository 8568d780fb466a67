import FeelsSystem
import Glibc
import TipsNotifier

// feels-tips-notifier: wiring only, in named steps. What it follows and decides, and the steps themselves, live in
// TipsNotifier.
//
// The wiring is one function: its state lives in a TipNotifier it holds in a local rather than in main.swift's
// globals, which Swift 6 makes the main actor's.

/// Shows tips as notifications until told to stop, then exits with its status.
func run() -> Never {
    let log = ProcessLog(program: "feels-tips-notifier")

    let options = NotifierOptions.invocation(arguments: Array(CommandLine.arguments.dropFirst())).optionsOrExit(
        log: log)

    let notifier: TipNotifier
    do {
        notifier = try TipNotifier(options: options, log: log)
        notifier.handleSignals()
        try notifier.start()
    } catch {
        log.error(error.description)
        exit(1)
    }
    notifier.followSessionLock()

    notifier.run()
    notifier.finish()
    // Exits with the notifier, and so every object it holds, still held, as globals were: Swift would release them
    // after their last use, leaving the cycles their callbacks form (the loop's handlers hold the notifier) for a leak
    // checker to count as lost.
    withExtendedLifetime(notifier) { exit(notifier.exitStatus) }
}

run()
