# Sourced by scripts/desktops: mako under sway with wlroots' headless backend and software renderer, on private
# session and system buses, all run by an unprivileged user (sway refuses root). grim photographs the output.
#
# A headless compositor has no pointer: wayvnc gives sway a virtual one, and scripts/lib/vnc-click moves and clicks
# it as a VNC client's user would. mako's default bindings: left button invokes the default action, right button
# dismisses. mako draws where its configuration puts it (top right, 420 px wide, 20 px from the edges), so that is
# where the click goes; the pointer then moves to the bottom left corner, out of the photographs.

mako_title() { echo "mako $(dpkg-query -W -f '${Version}' mako-notifier | sed 's/-.*//') under sway $(dpkg-query -W -f '${Version}' sway | sed 's/-.*//') (headless, pixman)"; }
mako_scenarios=(click dismiss)
mako_known="mako's modes are its own (\`makoctl mode\`, on mako's interface \`fr.emersion.Mako\`): mako says nothing of \
them through the notification interface (it has no \`Inhibited\` property), so a notifier that follows the \
specification cannot wait for one to end."
mako_width=1280

mako_start() {
    use_session_folders
    export XDG_CURRENT_DESKTOP=sway XDG_SESSION_TYPE=wayland HOME="$session"
    export WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1
    cat > "$session/sway.conf" <<SWAY
output HEADLESS-1 mode ${mako_width}x720 bg #2e3440 solid_color
for_window [app_id="org.feels.Feels|standin-feels-app"] floating enable
SWAY
    # Readable, and where the click goes; icons only from hicolor, where mako looks.
    cat > "$session/mako.conf" <<'MAKO'
font=DejaVu Sans 12
width=420
height=160
margin=20
padding=14
border-size=2
border-radius=8
anchor=top-right
default-timeout=0
icon-path=/usr/share/icons/hicolor

[mode=do-not-disturb]
invisible=1
MAKO
    start_buses
    spawn sway sway -c "$session/sway.conf"
    wait_for 30 compgen -G "$XDG_RUNTIME_DIR/wayland-*.lock" || fail "sway did not start: $(tail "$session/logs/sway.log")"
    local socket
    socket=$(compgen -G "$XDG_RUNTIME_DIR/wayland-*.lock" | head -n 1)
    export WAYLAND_DISPLAY
    WAYLAND_DISPLAY=$(basename "$socket" .lock)
    SWAYSOCK=$(compgen -G "$XDG_RUNTIME_DIR/sway-ipc.*.sock" | head -n 1)
    export SWAYSOCK
    # As a session's startup does (dbus-update-activation-environment): what the bus passes the services it starts.
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" call org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus \
        UpdateActivationEnvironment 'a{ss}' 2 WAYLAND_DISPLAY "$WAYLAND_DISPLAY" XDG_RUNTIME_DIR "$XDG_RUNTIME_DIR"
    spawn mako mako -c "$session/mako.conf"
    wait_for 20 has_owner org.freedesktop.Notifications || fail "mako did not start: $(cat "$session/logs/mako.log")"
    spawn wayvnc wayvnc -u "$session/vnc.sock"
    wait_for 20 test -S "$session/vnc.sock" || fail "wayvnc did not start: $(cat "$session/logs/wayvnc.log")"
}

# Where mako draws the newest notification, while it lists one and draws it: its configured place, the height of
# three lines. A notification mako keeps invisible (a mode) is listed too, so the screen says whether it is drawn:
# anything but the background's one colour there.
mako_notification() {
    local box="$((mako_width - 20 - 420)) 20 420 100" x y w h
    makoctl list | jq -e '.data[0] | length > 0' > /dev/null || return 1
    read -r x y w h <<< "$box"
    [ "$(grim -g "$x,$y ${w}x$h" - | convert - -unique-colors -format '%w' info:)" -gt 1 ] || return 1
    echo "$box"
}

mako_unseen() {
    echo "nothing drawn"
}

mako_region() {
    echo "$((mako_width - 460)) 0 460 160"
}

mako_app_window() {
    # GTK 3 names the window by the program (standin-feels-app) or by the application id.
    swaymsg -t get_tree | jq -r '.. | objects | select(.app_id? == "org.feels.Feels" or .app_id? == "standin-feels-app")
        | "\(.rect.x) \(.rect.y - .deco_rect.height) \(.rect.width) \(.rect.height + .deco_rect.height)"' | head -n 1
}

mako_screenshot() {
    grim "$1"
}

mako_click() {
    scripts/lib/vnc-click --socket "$session/vnc.sock" --button 1 "$((mako_width - 20 - 210))" 50 --then 10,710
    echo "a left click on the notification (a VNC client's pointer)"
}

mako_dismiss() {
    scripts/lib/vnc-click --socket "$session/vnc.sock" --button 3 "$((mako_width - 20 - 210))" 50 --then 10,710
    echo "a right click on the notification (a VNC client's pointer)"
}

mako_silence_on() {
    makoctl mode -a do-not-disturb > /dev/null
    echo "mako's do-not-disturb mode (makoctl mode -a do-not-disturb; the mode makes notifications invisible)"
}

mako_silence_off() {
    makoctl mode -r do-not-disturb > /dev/null
}

# What the silence left on screen goes, as the user would send it away, before the app is photographed.
mako_clear() {
    makoctl dismiss --all
}
