import TipsInterface

/// How a tip becomes a notification: its desktop words, its icon, the desktop entry of the app it leads to, a vendor
/// category, normal urgency, and actions only where the server shows them and they lead somewhere.
enum TipNotificationContent {
    /// The application name the notifications are sent under.
    static let appName = "Feels"
    /// The Feels app's desktop entry and application id: where a click on a notification leads.
    static let appEntry = "org.feels.Feels"
    /// The service's own desktop entry, named while no Feels app is installed, so that desktops still list Feels
    /// in their notification settings; its name is the service's bus name (`org.feels.Tips.desktop`).
    static let serviceEntry = Tips1.busName.rawValue
    /// The `category` hint, in the specification's vendor form `x-vendor.class`.
    static let category = "x-feels.tip"
    /// The action of a click on the notification: open Feels at the tip.
    static let defaultAction = "default"
    /// The action of the button that turns tip notifications off.
    static let disableAction = "disable"

    /// The desktop entry the notifications name: the app's when it is installed, else the service's.
    static func desktopEntry(appInstalled: Bool) -> String {
        appInstalled ? appEntry : serviceEntry
    }

    /// The notification for a tip.
    ///
    /// - Parameters:
    ///   - tip: The tip claimed, with its desktop words in the user's language.
    ///   - capabilities: What the server's `GetCapabilities` returned.
    ///   - appInstalled: Whether the Feels app is installed: only then does a click lead somewhere, so only then is
    ///     there a default action.
    ///   - translate: Translates the notifier's own words.
    static func make(
        _ tip: ClaimedTip, capabilities: Set<String>, appInstalled: Bool, translate: (String) -> String
    ) -> NotificationContent {
        var actions: [NotificationAction] = []
        // The words are literals inside translate("…"), where scripts/update-po finds them.
        if capabilities.contains("actions") {
            if appInstalled {
                // TRANSLATORS: the click on a tip's notification (some servers show it as a button): Feels opens at
                // the place the tip is about.
                actions.append(NotificationAction(id: defaultAction, label: translate("Show in Feels")))
            }
            // TRANSLATORS: a button on a tip's notification that turns tip notifications off.
            actions.append(NotificationAction(id: disableAction, label: translate("Turn off tips")))
        }
        return NotificationContent(
            summary: tip.title, body: capabilities.contains("body-markup") ? escapeMarkup(tip.body) : tip.body,
            icon: tip.icon, image: tip.image, desktopEntry: desktopEntry(appInstalled: appInstalled),
            category: category,
            urgency: .normal, actions: actions)
    }

    /// `text` with `&`, `<`, `>`, `'` and `"` written as entities, so that a server reading markup shows the words as
    /// written. Not GLib's `g_markup_escape_text`: it writes `'` as `&apos;`, which HTML 4 has not, and a server that
    /// renders its markup as HTML (Qt's rich text) may show as written; `&#39;` reads the same everywhere.
    static func escapeMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "'": escaped += "&#39;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
