/// One tip of the catalog: its words, its artwork, where it shows and the rules that make it eligible.
///
/// A value, held in one shared box: every snapshot, observation and reply of a tip carries a copy of it, and a copy
/// is then one reference counted rather than each of its strings and arrays (a write read between copies tips
/// hundreds of times).
public struct Tip: Hashable, Sendable, Identifiable {
    private let box: Box

    /// The tip's stable identifier.
    public var id: TipID { box.fields.id }
    /// The title, word for word as in the Feels app.
    public var title: String { box.fields.title }
    /// The message, word for word as in the Feels app.
    public var message: String { box.fields.message }
    /// The SF Symbol the Feels app shows with the tip.
    public var symbol: String { box.fields.symbol }
    /// Freedesktop icon names with the same meaning as ``symbol``, symbolic first, each in Adwaita (see
    /// `docs/DESIGN.md` for the mapping): as a `GThemedIcon` takes them, the first the theme has is used.
    public var iconNames: [String] { box.fields.iconNames }
    /// Where the tip is shown.
    public var location: TipLocation { box.fields.location }
    /// Every rule must hold for the tip to be eligible; a tip without rules is always eligible.
    public var rules: [Rule] { box.fields.rules }
    /// The tip's display options.
    public var options: TipOptions { box.fields.options }
    /// The title of the tip's desktop notification: the seed's words where they suit a desktop.
    public var notificationTitle: String { box.fields.notificationTitle }
    /// The body of the tip's desktop notification: what the tip offers, in a desktop's words (no "tap", no "here":
    /// the notification is not where the tip points), while apps show ``message`` at the tip's anchor.
    public var notificationBody: String { box.fields.notificationBody }

    /// Creates a tip; its notification says ``title`` and ``message`` unless given words of its own.
    public init(
        id: TipID, title: String, message: String, symbol: String, iconNames: [String], location: TipLocation,
        rules: [Rule] = [], options: TipOptions = TipOptions(), notificationTitle: String? = nil,
        notificationBody: String? = nil
    ) {
        box = Box(
            Fields(
                id: id, title: title, message: message, symbol: symbol, iconNames: iconNames, location: location,
                rules: rules, options: options, notificationTitle: notificationTitle ?? title,
                notificationBody: notificationBody ?? message))
    }

    /// Whether the two are the same tip, word for word: at once when they share their box.
    public static func == (lhs: Tip, rhs: Tip) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes every field, as equality compares them.
    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    private struct Fields: Hashable, Sendable {
        let id: TipID
        let title: String
        let message: String
        let symbol: String
        let iconNames: [String]
        let location: TipLocation
        let rules: [Rule]
        let options: TipOptions
        let notificationTitle: String
        let notificationBody: String
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
}
