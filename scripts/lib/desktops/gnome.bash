# Sourced by scripts/desktops: GNOME Shell 43 as an X11 compositor on Xvfb, drawing with mesa's software renderer,
# on private session and system buses, its settings in a key file of the session's own.
#
# The shell draws its banners itself (no X window of their own): they are found, and their buttons, through the
# accessibility tree, as a screen reader finds them.

gnome_title="GNOME Shell $(gnome-shell --version | awk '{print $3}') (X11 on Xvfb, software rendering)"
gnome_scenarios=(click dismiss)

gnome_start() {
    use_session_folders
    export XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=x11 XDG_SESSION_DESKTOP=gnome GSETTINGS_BACKEND=keyfile
    export LIBGL_ALWAYS_SOFTWARE=1
    mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
    # Accessibility on, so the shell joins the accessibility bus; the welcome tour seen already.
    cat > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<KEYFILE
[org/gnome/desktop/interface]
toolkit-accessibility=true

[org/gnome/shell]
welcome-dialog-last-shown-version='$(gnome-shell --version | awk '{print $3}')'
KEYFILE
    start_xvfb "${gnome_width}x720"
    start_buses system
    start_accessibility_bus
    spawn gnome-shell gnome-shell --x11 --replace --sm-disable
    wait_for 60 has_owner org.gnome.Shell || fail "GNOME Shell did not start: $(tail "$session/logs/gnome-shell.log")"
    # GNOME Shell 43 leaves org.freedesktop.Notifications to this service of its own, which the bus would start.
    spawn gnome-notifications gjs /usr/share/gnome-shell/org.gnome.Shell.Notifications
    wait_for 20 has_owner org.freedesktop.Notifications || fail "GNOME's notification service did not start"
    # The shell starts in the overview; Escape leaves it for the desktop, as a user would.
    sleep 3
    xdotool key Escape
    sleep 1
}

gnome_width=1280

# The banner: a widget of role notification centred at the top of the screen (the message list's entries, of the
# same role, sit to the left of the calendar).
gnome_notification() {
    onscreen --app gnome-shell --role notification |
        jq -r --argjson middle $((gnome_width / 2)) \
            'select(.y < 100 and (.x + .width / 2 - $middle | fabs) < 8) | "\(.x) \(.y) \(.width) \(.height)"' |
        head -n 1 | grep .
}

gnome_unseen() {
    echo "GNOME Shell shows no banner for urgency low; the clock's menu lists it"
}

# The top bar around the clock, where a notification without a banner leaves its dot.
gnome_region() {
    echo "440 0 400 32"
}

gnome_app_window() {
    x11_app_window
}

gnome_screenshot() {
    x11_screenshot "$1"
}

# gnome_open_message_list: clicks the clock, which opens the message list beside the calendar; photographs it.
gnome_open_message_list() {
    read -r x y < <(onscreen --app gnome-shell --role label --inside menu |
        jq -r 'select(.name | test("[0-9]")) | "\(.x + .width / 2 | floor) \(.y + .height / 2 | floor)"' | head -n 1)
    x11_click "$x" "$y"
    sleep 1.5
}

gnome_click() {
    local box
    if box=$(gnome_notification); then
        read -r x y w h <<< "$box"
        x11_click "$((x + w / 3))" "$((y + h / 2))"
        echo "a left click on the banner's message"
    else
        gnome_open_message_list
        photograph click-during "$(gnome_list_box)"
        read -r x y < <(gnome_listed_notification_center)
        x11_click "$x" "$y"
        sleep 1
        # The message list closes with the click that activates; Escape closes it if it stayed.
        xdotool key Escape
        echo "no banner: a left click on the clock, then on the notification in the message list"
    fi
}

gnome_dismiss() {
    local box
    if box=$(gnome_notification); then
        read -r x y w h <<< "$box"
        # The close button shows while the pointer is on the banner.
        xdotool mousemove --sync "$((x + w / 3))" "$((y + h / 2))"
        sleep 0.7
        read -r cx cy < <(onscreen --app gnome-shell --role "push button" --inside notification --first \
            | jq -r '"\(.x + .width / 2 | floor) \(.y + .height / 2 | floor)"')
        x11_click "$cx" "$cy"
        echo "the banner's close button (shown on hover)"
    else
        gnome_open_message_list
        photograph dismiss-during "$(gnome_list_box)"
        read -r x y < <(onscreen --app gnome-shell --role "push button" --name Clear --center)
        x11_click "$x" "$y"
        sleep 1
        xdotool key Escape
        echo "no banner: a left click on the clock, then on the message list's Clear button"
    fi
}

# The message list's notification, as a click target.
gnome_listed_notification_center() {
    onscreen --app gnome-shell --role notification --center
}

# The calendar and message list, for its photograph.
gnome_list_box() {
    echo "240 30 800 420"
}

# GNOME's per-app switch for every entry that could name Feels: the notifier's (org.feels.Tips) and the app's.
gnome_silence_on() {
    local id
    for id in org-feels-tips org-feels-feels; do
        gsettings set "org.gnome.desktop.notifications.application:/org/gnome/desktop/notifications/application/$id/" \
            enable false
    done
    echo "Feels switched off in GNOME's notification settings (per-app enable=false)"
}

gnome_silence_off() {
    local id
    for id in org-feels-tips org-feels-feels; do
        gsettings set "org.gnome.desktop.notifications.application:/org/gnome/desktop/notifications/application/$id/" \
            enable true
    done
}
