import CLibNotify

/// How a tip becomes a notification: its title and message, its icon, the Feels desktop entry, a vendor category,
/// low urgency, and buttons only where the server shows actions.
public enum TipNotificationContent {
    /// The application name the notifications are sent under.
    public static let appName = "Feels"
    /// The `desktop-entry` hint: `org.feels.Tips.desktop`, so desktops list Feels in their notification settings.
    public static let desktopEntry = "org.feels.Tips"
    /// The `category` hint, in the specification's vendor form `x-vendor.class`.
    public static let category = "x-feels.tip"
    /// The action of a click on the notification: the tip's action is performed.
    public static let defaultAction = "default"
    /// The action of the button that turns tip notifications off.
    public static let disableAction = "disable"

    /// The notification for a tip.
    ///
    /// - Parameters:
    ///   - title: The tip's title, in the user's language.
    ///   - message: The tip's message, in the user's language.
    ///   - icon: The tip's freedesktop icon name.
    ///   - capabilities: What the server's `GetCapabilities` returned.
    ///   - translate: Translates the notifier's own words (`MessageCatalog.translate(_:)`).
    public static func make(
        title: String, message: String, icon: String, capabilities: Set<String>, translate: (String) -> String
    ) -> NotificationContent {
        // The words are literals inside translate("…"), where scripts/update-po finds them.
        let actions =
            capabilities.contains("actions")
            ? [
                // TRANSLATORS: the click on a tip's notification (servers rarely show it): the user has read the tip.
                NotificationAction(id: defaultAction, label: translate("Got it")),
                // TRANSLATORS: a button on a tip's notification that turns tip notifications off.
                NotificationAction(id: disableAction, label: translate("Turn off tips")),
            ] : []
        return NotificationContent(
            summary: title, body: capabilities.contains("body-markup") ? escapeMarkup(message) : message, icon: icon,
            desktopEntry: desktopEntry, category: category, urgency: .low, actions: actions)
    }

    /// `text` with `&`, `<`, `>`, `'` and `"` escaped as entities, as `g_markup_escape_text` does, so a server that
    /// reads markup shows the message as written.
    public static func escapeMarkup(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
