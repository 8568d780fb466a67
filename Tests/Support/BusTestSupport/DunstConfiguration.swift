/// The dunstrc the tests run dunst with, one for every suite.
///
/// The mouse does what dunst's defaults say, written out, so a test's click means what a user's does: the left
/// button closes a notification, the middle one does its default action and closes it, the right one closes all.
/// Low urgency stays until closed, normal for an hour, critical for two: dunst's history has no urgency field, but a
/// notification's timeout there says which urgency dunst applied. Icons are found in Adwaita and hicolor.
public enum DunstConfiguration {
    /// The configuration's text; `placement` adds `origin` and `offset` lines (`["origin": "top-right"]`).
    public static func text(placement: KeyValuePairs<String, String> = [:]) -> String {
        var global = [
            "font = DejaVu Sans 10",
            "icon_path = /usr/share/icons/Adwaita/48x48/legacy:/usr/share/icons/hicolor/48x48/apps",
            "mouse_left_click = close_current",
            "mouse_middle_click = do_action, close_current",
            "mouse_right_click = close_all",
        ]
        global.insert(contentsOf: placement.map { "\($0.key) = \($0.value)" }, at: 1)
        return
            (["[global]"] + global.map { "    " + $0 } + [
                "[urgency_low]", "    timeout = 0",
                "[urgency_normal]", "    timeout = 3600",
                "[urgency_critical]", "    timeout = 7200",
            ]).joined(separator: "\n") + "\n"
    }
}
