# Sourced by every script that runs our programs on a private session bus of their own (never the user's), with the
# processes it starts in an array `pids`, which stop_spawned stops.
#
# start_private_bus FOLDER [SERVICE_FOLDER]: starts a dbus-daemon listening in FOLDER, adds its pid to `pids` and sets
# `address` to the bus's address; exits 1 when the bus does not start. With SERVICE_FOLDER, the bus starts the
# services whose activation files are there, and no others. Its configuration is scripts/lib/private-bus.conf, the
# tests' TestBus's too.

start_private_bus() {
    local folder="$1" services=""
    [ -z "${2:-}" ] || services="<servicedir>$2</servicedir>"
    sed "s|@folder@|$folder|; s|@servicedirs@|$services|" "$(dirname "${BASH_SOURCE[0]}")/private-bus.conf" \
        > "$folder/bus.conf"
    dbus-daemon --config-file="$folder/bus.conf" --nofork --print-address=1 > "$folder/address" 2> "$folder/bus.log" &
    pids+=($!)
    for _ in $(seq 200); do [ -s "$folder/address" ] && break; sleep 0.05; done
    address="$(head -n 1 "$folder/address")"
    if [ -z "$address" ]; then
        echo "$(basename "$0"): the private dbus-daemon did not start: $(cat "$folder/bus.log")" >&2
        exit 1
    fi
}

# stop_process PID: stops one process in `pids`, and its group if it leads one: SIGTERM, then SIGKILL after 5 s.
stop_process() {
    kill -TERM -- "-$1" 2>/dev/null || kill -TERM "$1" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$1" 2>/dev/null || kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# stop_spawned: stops every process in `pids`, newest first.
stop_spawned() {
    local index
    for ((index = ${#pids[@]} - 1; index >= 0; index--)); do stop_process "${pids[index]}"; done
    pids=()
}
