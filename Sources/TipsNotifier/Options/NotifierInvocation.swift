import FeelsSystem

extension NotifierOptions {
    /// What a command line of `feels-tips-notifier` comes to: running, or an answer printed at once.
    ///
    /// - Parameter arguments: The arguments after the program name.
    public static func invocation(arguments: [String]) -> Invocation<NotifierOptions> {
        let options: NotifierOptions
        do {
            options = try NotifierOptions(parsing: arguments)
        } catch {
            return .misuse(error)
        }
        switch options.action {
        case .help: return .answer(NotifierOptions.help + "\n")
        case .version: return .answer("feels-tips-notifier \(FeelsTipsVersion.current)\n")
        case .run: return .run(options)
        }
    }
}
