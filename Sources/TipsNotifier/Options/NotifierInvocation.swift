import FeelsSystem

/// What a command line of `feels-tips-notifier` comes to before anything is opened: running, or an answer printed
/// at once.
public enum NotifierInvocation: Equatable, Sendable {
    /// Show tips with these options.
    case run(NotifierOptions)
    /// Print this text on stdout as it is and exit with status 0: the help or the version.
    case answer(String)
    /// The command line cannot run: say so with the program's usage line and exit with status 2.
    case misuse(NotifierUsageError)

    /// Reads the arguments after the program name.
    public init(arguments: [String]) {
        let options: NotifierOptions
        do {
            options = try NotifierOptions(parsing: arguments)
        } catch {
            self = .misuse(error)
            return
        }
        switch options.action {
        case .help:
            self = .answer(NotifierOptions.help + "\n")
        case .version:
            self = .answer("feels-tips-notifier \(FeelsTipsVersion.current)\n")
        case .run:
            self = .run(options)
        }
    }
}
