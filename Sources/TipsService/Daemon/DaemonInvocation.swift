import FeelsSystem

extension DaemonOptions {
    /// What a command line of `feels-tipsd` comes to: serving, or an answer printed at once.
    ///
    /// - Parameter arguments: The arguments after the program name.
    public static func invocation(arguments: [String]) -> Invocation<DaemonOptions> {
        let options: DaemonOptions
        do {
            options = try DaemonOptions(parsing: arguments)
        } catch {
            return .misuse(error)
        }
        switch options.action {
        case .help: return .answer(DaemonOptions.help + "\n")
        case .version: return .answer("feels-tipsd \(FeelsTipsVersion.current)\n")
        case .introspect: return .answer(TipsObject.introspectionXML)
        case .serve: return .run(options)
        }
    }
}
