# Sourced by the scripts that run our programs on a private session bus of their own (never the user's).
# start_private_bus FOLDER [SERVICEDIR...]: starts a dbus-daemon listening in FOLDER, which starts the services of
# the activation files in each SERVICEDIR, adds its pid to the caller's `pids` array (which the caller's cleanup
# stops) and sets `address` to the bus's address; exits 1 when the bus does not start.

start_private_bus() {
    local folder="$1" servicedirs="" servicedir
    shift
    for servicedir in "$@"; do servicedirs+="  <servicedir>$servicedir</servicedir>"$'\n'; done
    cat > "$folder/bus.conf" <<CONFIG
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$folder/bus</listen>
  <auth>EXTERNAL</auth>
$servicedirs  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONFIG
    dbus-daemon --config-file="$folder/bus.conf" --nofork --print-address=1 > "$folder/address" 2> "$folder/bus.log" &
    pids+=($!)
    for _ in $(seq 200); do [ -s "$folder/address" ] && break; sleep 0.05; done
    address="$(head -n 1 "$folder/address")"
    if [ -z "$address" ]; then
        echo "$(basename "$0"): the private dbus-daemon did not start: $(cat "$folder/bus.log")" >&2
        exit 1
    fi
}
