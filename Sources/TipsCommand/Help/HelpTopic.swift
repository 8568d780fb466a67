/// The help of one command: `feels-tips help NAME` and `feels-tips NAME --help` print its text.
public struct HelpTopic: Equatable, Sendable {
    /// The command.
    public let command: CommandName
    /// The text, from its usage lines to its JSON shape, without a trailing newline.
    public let text: String

    /// The command's first word, such as `moods`.
    public var name: String { command.rawValue }
}
