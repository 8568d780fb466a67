# Sourced by scripts/desktops: GNOME Shell 43 as an X11 compositor on Xvfb, drawing with mesa's software renderer,
# on private session and system buses, its settings in a key file of the session's own.
#
# The shell draws its banners itself (no X window of their own): they are found, and their buttons, through the
# accessibility tree, as a screen reader finds them. A banner shown to an idle user stays until they move, then goes
# to the message list 2 s later (4 s after it shows if they were active), unless the pointer is on it: so the
# pointer waits away from where banners show (x11_away) and moves onto the banner only for a gesture.

gnome_title() { echo "GNOME Shell $(gnome-shell --version | awk '{print $3}') (X11 on Xvfb, software rendering)"; }
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
    # The notice that there is no lock screen without GDM, shown once to every user: seen already.
    mkdir -p "$XDG_DATA_HOME/gnome-shell"
    touch "$XDG_DATA_HOME/gnome-shell/lock-warning-shown"
    start_xvfb "${gnome_width}x720"
    start_buses
    start_accessibility_bus
    spawn gnome-shell gnome-shell --x11 --replace --sm-disable
    wait_for 60 has_owner org.gnome.Shell || fail "GNOME Shell did not start: $(tail "$session/logs/gnome-shell.log")"
    # GNOME Shell 43 leaves org.freedesktop.Notifications to this service of its own, which the bus would start.
    spawn gnome-notifications gjs /usr/share/gnome-shell/org.gnome.Shell.Notifications
    wait_for 20 has_owner org.freedesktop.Notifications || fail "GNOME's notification service did not start"
    # The shell tells root, as it starts, that a session should not run as root: closed, as a user would, before
    # the first tip (else the tip's banner would wait behind it).
    if [ "$(id -u)" -eq 0 ]; then
        wait_for 30 gnome_notification || fail "GNOME Shell showed no notice for root"
        gnome_close_banner || fail "GNOME Shell's notice for root did not close"
        wait_for 10 gnome_no_banner || fail "GNOME Shell's notice for root stayed on screen"
    fi
    # The shell starts in the overview (once its start animation is over); Escape leaves it for the desktop, as a
    # user would.
    wait_for 30 gnome_in_overview || fail "GNOME Shell did not show its overview"
    for _ in 1 2 3 4 5; do
        xdotool key Escape
        wait_for 3 gnome_not_in_overview && break
    done
    gnome_not_in_overview || fail "GNOME Shell did not leave its overview"
    # The user idle before the first tip: a banner shown within a second (the shell's IDLE_TIME) of the user's last
    # input goes to the message list 4 s later, seen here, while one shown to an idle user stays until they move.
    sleep 2
}

gnome_in_overview() {
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property org.gnome.Shell /org/gnome/Shell org.gnome.Shell \
        OverviewActive | grep -q true
}

gnome_not_in_overview() {
    ! gnome_in_overview
}

gnome_no_banner() {
    ! gnome_notification
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
    echo "no banner"
}

# The top bar around the clock, where a notification without a banner leaves its dot.
gnome_region() {
    echo "440 0 400 32"
}

gnome_click() {
    if x11_click_message gnome_notification; then
        echo "a left click on the banner's message"
    else
        echo "no banner on screen to click"
    fi
}

gnome_dismiss() {
    if ! gnome_notification > /dev/null; then
        echo "no banner on screen to dismiss"
        return
    fi
    if gnome_close_banner; then
        echo "the banner's close button (shown on hover)"
    else
        echo "the pointer on the banner, but no close button showed"
    fi
}

# gnome_close_banner: the pointer onto the banner's message, which expands it and shows its close button (the
# unnamed button at its top right), then a click on that button and the pointer away; fails when no close button
# shows.
gnome_close_banner() {
    local x y w h cx cy
    read -r x y w h < <(gnome_notification) || return 1
    x11_hover "$((x + w / 3))" "$((y + h / 2))"
    read -r cx cy < <(onscreen --app gnome-shell --role "push button" --inside notification --wait 3 |
        jq -r --argjson right $((x + w)) --argjson top "$y" \
            'select(.name == "" and .x > $right - 60 and .y < $top + 30)
             | "\(.x + .width / 2 | floor) \(.y + .height / 2 | floor)"' | head -n 1) || { x11_away; return 1; }
    x11_click "$cx" "$cy"
    x11_away
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
