import Glibc

/// What a program's command line comes to before anything is opened: running with options, or an answer printed at
/// once.
public enum Invocation<Options: Equatable & Sendable>: Equatable, Sendable {
    /// Run with these options.
    case run(Options)
    /// Print this text on stdout as it is and exit with status 0: the help, the version, the interfaces' XML.
    case answer(String)
    /// The command line cannot run: say so with the program's usage line and exit with status 2.
    case misuse(UsageError)

    /// The options to run with; for an answer, prints it and exits 0; for a misuse, logs it with the usage line and
    /// exits 2.
    public func optionsOrExit(log: ProcessLog) -> Options {
        switch self {
        case .run(let options):
            return options
        case .answer(let text):
            print(text, terminator: "")
            exit(0)
        case .misuse(let problem):
            log.usage(problem.description)
            exit(2)
        }
    }
}
