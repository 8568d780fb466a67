# Sourced by scripts/desktops: xfce4-notifyd 0.7 on Xvfb, with an xfconfd of its own, on private session and system
# buses, set as the test fixture sets it (no fading, ten minutes before expiry, every notification logged).
#
# Its windows and their buttons are found through the accessibility tree. A click on a window's message dismisses it
# (xfce4-notifyd 0.7 invokes no action there); an action with a label, the default one too, is a button.

xfce_title() { echo "xfce4-notifyd $(dpkg-query -W -f '${Version}' xfce4-notifyd | sed 's/-.*//') (on Xvfb, with xfconfd)"; }
xfce_scenarios=(click button)
# What stands in the table's dismissal column: xfce4-notifyd 0.7 has no close button.
xfce_dismissal="the click on the message (xfce4-notifyd 0.7 has no close button)"
xfce_known="xfce4-notifyd 0.7 invokes no action on a click on a notification's message: it closes it, dismissed by \
the user; an action is reached only through its button, which it shows only for an action with a label, the \
default action's too."
xfce_libexec=/usr/lib/x86_64-linux-gnu/xfce4

xfce_start() {
    use_session_folders
    export XDG_CURRENT_DESKTOP=XFCE
    # As the test fixture sets it (Tests/TipsNotifierTests/Support/XfceNotifyServer.swift).
    mkdir -p "$XDG_CONFIG_HOME/xfce4/xfconf/xfce-perchannel-xml"
    cp scripts/lib/desktops/xfce4-notifyd.xml "$XDG_CONFIG_HOME/xfce4/xfconf/xfce-perchannel-xml/"
    start_xvfb 1024x600
    start_buses
    start_accessibility_bus
    spawn xfconfd "$xfce_libexec/xfconf/xfconfd"
    wait_for 20 has_owner org.xfce.Xfconf || fail "xfconfd did not start"
    spawn xfce4-notifyd "$xfce_libexec/notifyd/xfce4-notifyd"
    wait_for 20 has_owner org.freedesktop.Notifications || fail "xfce4-notifyd did not start"
}

xfce_notification() {
    onscreen --app xfce4-notifyd --role frame --first | jq -r '"\(.x) \(.y) \(.width) \(.height)"' | grep .
}

xfce_unseen() {
    echo "no window"
}

xfce_region() {
    echo "624 0 400 160"
}

xfce_click() {
    local x y
    if ! read -r x y < <(onscreen --app xfce4-notifyd --role label --inside frame --center); then
        echo "no window on screen to click"
        return
    fi
    x11_click "$x" "$y"
    x11_away
    echo "a left click on the window's title"
}

# The button of the default action, by the label xfce4-notifyd logged for it.
xfce_button() {
    local label x y
    label=$(xfce_action_label default)
    if [ -z "$label" ]; then
        echo "no button: the notification has no default action"
        return
    fi
    if ! read -r x y < <(onscreen --app xfce4-notifyd --role "push button" --name "$label" --center); then
        echo "no button '$label' on screen to click"
        return
    fi
    x11_click "$x" "$y"
    x11_away
    echo "a left click on the default action's button, '$label'"
}

# xfce_action_label ACTION: the label of ACTION in the newest notification xfce4-notifyd logged.
xfce_action_label() {
    awk -v action="$1" '
        /^\[/ {delete ids; delete labels}
        /^action-id-/ {split($0, kv, "="); sub("action-id-", "", kv[1]); ids[kv[1]] = substr($0, index($0, "=") + 1)}
        /^action-label-/ {split($0, kv, "="); sub("action-label-", "", kv[1]); labels[kv[1]] = substr($0, index($0, "=") + 1)}
        END {for (i in ids) if (ids[i] == action) print labels[i]}' "$XDG_CACHE_HOME/xfce4/notifyd/log"
}

xfce_silence_on() {
    xfconf-query -c xfce4-notifyd -p /do-not-disturb -n -t bool -s true
    echo "Xfce's do-not-disturb (xfconf-query -c xfce4-notifyd -p /do-not-disturb -s true)"
}

xfce_silence_off() {
    xfconf-query -c xfce4-notifyd -p /do-not-disturb -n -t bool -s false
}
