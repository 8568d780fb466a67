import FeelsSystem

/// What a command line of `feels-tipsd` comes to before anything is opened: serving, or an answer printed at once.
public enum DaemonInvocation: Equatable, Sendable {
    /// Serve `org.feels.Tips` with these options.
    case serve(DaemonOptions)
    /// Print this text on stdout as it is and exit with status 0: the help, the version or the interfaces' XML.
    case answer(String)
    /// The command line cannot run: say so with the program's usage line and exit with status 2.
    case misuse(UsageError)

    /// Reads the arguments after the program name.
    public init(arguments: [String]) {
        let options: DaemonOptions
        do {
            options = try DaemonOptions(parsing: arguments)
        } catch {
            self = .misuse(error)
            return
        }
        switch options.action {
        case .help:
            self = .answer(DaemonOptions.help + "\n")
        case .version:
            self = .answer("feels-tipsd \(FeelsTipsVersion.current)\n")
        case .introspect:
            self = .answer(TipsObject.introspectionXML)
        case .serve:
            self = .serve(options)
        }
    }
}
