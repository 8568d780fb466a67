# Sourced by scripts/desktops: KDE Plasma 5.27, plasmashell with kwin_x11 on Xvfb, drawing with mesa's software
# renderer, on private session and system buses; the activity manager and global shortcuts it waits for are started
# first, as a Plasma session starts them.
#
# Plasma's notification popups are X windows of type _NET_WM_WINDOW_TYPE_NOTIFICATION; their parts are found by
# their place in the window (plasmashell 5.27 puts nothing in the accessibility tree, even with
# QT_LINUX_ACCESSIBILITY_ALWAYS_ON: it joins the accessibility bus but exports no object on it). A popup is given a
# minute before it expires (PopupTimeout; about 7 s here by Plasma's default), so that a photograph on a loaded
# machine cannot outlast it before the gesture.

kde_title() { echo "KDE Plasma $(dpkg-query -W -f '${Version}' plasma-workspace | sed 's/^[0-9]*://; s/-.*//') (plasmashell and kwin_x11 on Xvfb)"; }
kde_scenarios=(click dismiss)

kde_start() {
    use_session_folders
    export XDG_CURRENT_DESKTOP=KDE XDG_SESSION_TYPE=x11 XDG_SESSION_DESKTOP=KDE KDE_FULL_SESSION=true
    export KDE_SESSION_VERSION=5 QT_QPA_PLATFORM=xcb LIBGL_ALWAYS_SOFTWARE=1
    kwriteconfig5 --file plasmanotifyrc --group Notifications --key PopupTimeout 60000
    start_xvfb 1280x720
    start_buses
    spawn kwin kwin_x11 --replace
    wait_for 30 has_owner org.kde.KWin || fail "kwin_x11 did not start: $(tail "$session/logs/kwin.log")"
    spawn kactivitymanagerd /usr/lib/x86_64-linux-gnu/libexec/kactivitymanagerd
    spawn kglobalaccel kglobalaccel5
    wait_for 30 has_owner org.kde.ActivityManager || fail "kactivitymanagerd did not start"
    spawn plasmashell plasmashell --no-respawn
    wait_for 90 has_owner org.freedesktop.Notifications ||
        fail "plasmashell did not serve notifications: $(tail "$session/logs/plasmashell.log")"
    # The panel and the desktop finish loading after the name is taken.
    sleep 8
}

kde_notification() {
    notification_windows | head -n 1 | grep .
}

kde_unseen() {
    echo "no popup"
}

# The panel's right end, with the notifications applet, when no popup shows.
kde_region() {
    echo "880 600 400 120"
}

# The title and message sit left of the icon, below the header with the app's name and the close button.
kde_click() {
    if x11_click_message kde_notification; then
        echo "a left click on the popup's message"
    else
        echo "no popup on screen to click"
    fi
}

kde_dismiss() {
    local x y w h
    if ! read -r x y w h < <(kde_notification); then
        echo "no popup on screen to dismiss"
        return
    fi
    # The close button is the header's last, at the popup's top right (16 px from the right and the top edges, the
    # centre of its circle).
    x11_click "$((x + w - 16))" "$((y + 16))"
    x11_away
    echo "the popup's close button"
}

# Plasma's do-not-disturb as its notifications applet sets it: a time in plasmanotifyrc, written with KConfig's
# Notify flag, which announces the change (org.kde.kconfig.notify.ConfigChanged) for plasmashell to read it at once;
# kwriteconfig5 5.103 has no --notify, so the announcement is sent as KConfig sends it.
kde_silence_on() {
    kwriteconfig5 --file plasmanotifyrc --group DoNotDisturb --key Until "$(date -d '+1 hour' '+%Y,%-m,%-d,%-H,%-M,%-S')"
    kde_announce_do_not_disturb
    wait_for 10 kde_inhibited || fail "Plasma did not take do-not-disturb"
    echo "Plasma's do-not-disturb (its applet's setting, until an hour from now)"
}

kde_silence_off() {
    kwriteconfig5 --file plasmanotifyrc --group DoNotDisturb --key Until --delete
    kde_announce_do_not_disturb
    wait_for 10 kde_not_inhibited || fail "Plasma did not leave do-not-disturb"
}

kde_announce_do_not_disturb() {
    gdbus emit --session --object-path /plasmanotifyrc --signal org.kde.kconfig.notify.ConfigChanged \
        "{'DoNotDisturb': [b'Until']}"
}

# Whether the server says it is inhibited (its Inhibited property), as the notifier reads it.
kde_inhibited() {
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" get-property org.freedesktop.Notifications \
        /org/freedesktop/Notifications org.freedesktop.Notifications Inhibited | grep -q true
}

kde_not_inhibited() {
    ! kde_inhibited
}
