# Sourced by scripts/desktops: what every desktop's session needs. Processes it starts, the X display, the
# accessibility bus, screenshots and the pointer on X11.
#
# The caller sets `session` (the desktop's folder) and `pids` (an array its cleanup stops with stop_spawned, from
# scripts/lib/private-bus.bash).

# spawn NAME COMMAND...: starts COMMAND in a process group of its own (so stopping it stops what it started), its
# output in $session/logs/NAME.log, and adds it to `pids`; sets `spawned` to its pid.
spawn() {
    local name="$1"
    shift
    mkdir -p "$session/logs"
    setsid "$@" > "$session/logs/$name.log" 2>&1 < /dev/null &
    spawned=$!
    pids+=("$spawned")
}

# wait_for TIMEOUT COMMAND...: runs COMMAND every 0.2 s until it succeeds; fails after TIMEOUT seconds.
wait_for() {
    local deadline=$((SECONDS + $1))
    shift
    until "$@" > /dev/null 2>&1; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.2
    done
}

# has_owner NAME: whether NAME has an owner on the session bus.
has_owner() {
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" status "$1" > /dev/null 2>&1
}

# use_session_folders: the XDG folders of the session, all inside it: runtime (0700), config, data, cache.
use_session_folders() {
    export XDG_RUNTIME_DIR="$session/runtime" XDG_CONFIG_HOME="$session/config" XDG_DATA_HOME="$session/data"
    export XDG_CACHE_HOME="$session/cache"
    mkdir -p "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"
    chmod 0700 "$XDG_RUNTIME_DIR"
}

# start_buses: the session's private session bus, which starts the services in $services, and a private system bus
# with no logind on it (the notifier says once that it follows no LockedHint, and goes by the screen savers);
# exports both addresses.
start_buses() {
    mkdir -p "$session/system-bus" "$session/bus"
    start_private_bus "$session/system-bus"
    export DBUS_SYSTEM_BUS_ADDRESS="$address"
    start_private_bus "$session/bus" "$services"
    export DBUS_SESSION_BUS_ADDRESS="$address"
}

# start_xvfb WIDTHxHEIGHT: an X server of its own on a display it picks; exports DISPLAY.
start_xvfb() {
    spawn xvfb Xvfb -displayfd 3 -screen 0 "$1x24" -nolisten tcp 3> "$session/display"
    wait_for 20 test -s "$session/display" || fail "Xvfb did not start: $(cat "$session/logs/xvfb.log")"
    DISPLAY=":$(head -n 1 "$session/display")"
    export DISPLAY
}

# start_accessibility_bus: the AT-SPI bus on the session bus, for scripts/lib/onscreen; start it before the toolkits
# that should join it.
start_accessibility_bus() {
    spawn at-spi /usr/libexec/at-spi-bus-launcher --launch-immediately
    wait_for 20 has_owner org.a11y.Bus || fail "at-spi-bus-launcher did not start"
}

# onscreen ARGS...: scripts/lib/onscreen on this session.
onscreen() {
    scripts/lib/onscreen "$@"
}

# notification_windows: each viewable top-level X window of type _NET_WM_WINDOW_TYPE_NOTIFICATION, as "X Y W H".
notification_windows() {
    local id
    for id in $(xwininfo -root -tree | awk '$1 ~ /^0x/ {print $1}'); do
        xprop -id "$id" _NET_WM_WINDOW_TYPE 2>/dev/null | grep -q _NET_WM_WINDOW_TYPE_NOTIFICATION || continue
        window_box "$id"
    done
}

# window_box ID: where a viewable X window is, as "X Y W H"; nothing when it is not viewable.
window_box() {
    xwininfo -id "$1" | awk '
        /Absolute upper-left X:/ {x = $NF} /Absolute upper-left Y:/ {y = $NF}
        /Width:/ {w = $NF} /Height:/ {h = $NF} /Map State: IsViewable/ {viewable = 1}
        END {if (viewable) print x, y, w, h}'
}

# x11_app_window: the stand-in app's window with its title bar, as "X Y W H", when it shows one.
x11_app_window() {
    local id box x y w h left right top bottom
    for id in $(xdotool search --class standin-feels-app 2>/dev/null); do
        box=$(window_box "$id")
        [ -n "$box" ] || continue
        read -r x y w h <<< "$box"
        # The window manager's frame, as it announces it (_NET_FRAME_EXTENTS: left, right, top, bottom).
        read -r left right top bottom < <(xprop -id "$id" _NET_FRAME_EXTENTS |
            sed -n 's/.* = \([0-9]*\), \([0-9]*\), \([0-9]*\), \([0-9]*\)$/\1 \2 \3 \4/p; t; s/.*/0 0 0 0/p')
        echo "$((x - left)) $((y - top)) $((w + left + right)) $((h + top + bottom))"
        return
    done
}

# x11_click X Y [BUTTON]: the user's mouse on the X display: move there, click (1 left, 2 middle, 3 right). Fails,
# clicking nowhere, when X or Y is no place on the screen; xdotool's words go to stderr, never into a caller's output.
x11_click() {
    x11_point "$1" "$2" || return 1
    xdotool mousemove --sync "$1" "$2" click "${3:-1}" >&2
}

# x11_click_message FINDER: a left click where a notification's message is, a third of the way across the box
# FINDER prints ("X Y W H") and halfway down, then the pointer away; fails, clicking nowhere, when FINDER finds none.
x11_click_message() {
    local x y w h
    read -r x y w h < <("$1") || return 1
    x11_click "$((x + w / 3))" "$((y + h / 2))"
    x11_away
}

# x11_hover X Y: the user's mouse moved to X Y, no button pressed.
x11_hover() {
    x11_point "$1" "$2" || return 1
    xdotool mousemove --sync "$1" "$2" >&2
}

# x11_point X Y: whether X Y is a place on the screen (numbers, not negative); says so on stderr when not.
x11_point() {
    [[ "$1" =~ ^[0-9]+$ && "$2" =~ ^[0-9]+$ ]] && return 0
    echo "scripts/desktops: no place on the screen to move the mouse to: '$1' '$2'" >&2
    return 1
}

# x11_away: the user's mouse out of the way, at the middle of the screen's left edge, where no desktop here puts a
# notification, a panel or a hot corner: GNOME Shell takes no notice of a pointer a banner pops up under (it
# neither expands nor stays), and a popup with the pointer on it would not expire (KDE).
x11_away() {
    xdotool mousemove --sync 0 "$(($(xdotool getdisplaygeometry | awk '{print $2}') / 2))" >&2
}

# x11_screenshot FILE: the whole X screen.
x11_screenshot() {
    import -window root "$1"
}

# crop SCREEN OUT BOX [BOX...]: writes OUT, the part of SCREEN that holds every box ("X Y W H") with a margin,
# without metadata; a palette of 256 colours keeps the files small.
crop() {
    local screen="$1" out="$2"
    shift 2
    local box left=100000 top=100000 right=0 bottom=0 x y w h margin=12
    for box in "$@"; do
        [ -n "$box" ] || continue
        read -r x y w h <<< "$box"
        ((x < left)) && left=$x
        ((y < top)) && top=$y
        ((x + w > right)) && right=$((x + w))
        ((y + h > bottom)) && bottom=$((y + h))
    done
    read -r width height < <(identify -format '%w %h\n' "$screen")
    left=$((left > margin ? left - margin : 0))
    top=$((top > margin ? top - margin : 0))
    right=$((right + margin < width ? right + margin : width))
    bottom=$((bottom + margin < height ? bottom + margin : height))
    convert "$screen" -crop "$((right - left))x$((bottom - top))+$left+$top" +repage -strip -colors 256 "$out"
}

fail() {
    echo "scripts/$(basename "$0"): $*" >&2
    exit 1
}
