/// The help of one command: `feels-tips help NAME` and `feels-tips NAME --help` print its text.
public struct HelpTopic: Equatable, Sendable {
    /// The command's first word, such as `moods`.
    public let name: String
    /// The text, from its usage lines to its JSON shape, without a trailing newline.
    public let text: String
}
