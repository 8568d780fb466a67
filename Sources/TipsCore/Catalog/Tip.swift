/// One tip of the catalog: its words, its artwork, where it shows and the rules that make it eligible.
public struct Tip: Hashable, Sendable, Identifiable {
    /// The tip's stable identifier.
    public let id: TipID
    /// The title, word for word as in the Feels app.
    public let title: String
    /// The message, word for word as in the Feels app.
    public let message: String
    /// The SF Symbol the Feels app shows with the tip.
    public let symbol: String
    /// Freedesktop icon names with the same meaning as ``symbol``, symbolic first, each in Adwaita (see
    /// `docs/DESIGN.md` for the mapping): as a `GThemedIcon` takes them, the first the theme has is used.
    public let iconNames: [String]
    /// Where the tip is shown.
    public let location: TipLocation
    /// Every rule must hold for the tip to be eligible; a tip without rules is always eligible.
    public let rules: [Rule]
    /// The tip's display options.
    public let options: TipOptions
    /// The title of the tip's desktop notification: the seed's words where they suit a desktop.
    public let notificationTitle: String
    /// The body of the tip's desktop notification: what the tip offers, in a desktop's words (no "tap", no "here":
    /// the notification is not where the tip points), while apps show ``message`` at the tip's anchor.
    public let notificationBody: String

    /// Creates a tip; its notification says ``title`` and ``message`` unless given words of its own.
    public init(
        id: TipID, title: String, message: String, symbol: String, iconNames: [String], location: TipLocation,
        rules: [Rule] = [], options: TipOptions = TipOptions(), notificationTitle: String? = nil,
        notificationBody: String? = nil
    ) {
        self.id = id
        self.title = title
        self.message = message
        self.notificationTitle = notificationTitle ?? title
        self.notificationBody = notificationBody ?? message
        self.symbol = symbol
        self.iconNames = iconNames
        self.location = location
        self.rules = rules
        self.options = options
    }
}
