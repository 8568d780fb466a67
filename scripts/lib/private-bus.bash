# Sourced by every script that runs our programs on a private session bus of their own (never the user's).
# start_private_bus FOLDER [SERVICE_FOLDER]: starts a dbus-daemon listening in FOLDER, adds its pid to the caller's
# `pids` array (which the caller's cleanup stops) and sets `address` to the bus's address; exits 1 when the bus does
# not start. With SERVICE_FOLDER, the bus starts the services whose activation files are there, and no others.
# The bus has the limits of Debian's session bus (/usr/share/dbus-1/session.conf), as the tests' TestBus has:
# dbus-daemon's built-in ones are the system bus's, whose 128 pending replies a connection refuse a 129th call.

start_private_bus() {
    local folder="$1" services=""
    [ -z "${2:-}" ] || services="<servicedir>$2</servicedir>"
    cat > "$folder/bus.conf" <<CONFIG
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:path=$folder/bus</listen>
  <auth>EXTERNAL</auth>
  <limit name="max_incoming_bytes">1000000000</limit>
  <limit name="max_outgoing_bytes">1000000000</limit>
  <limit name="max_message_size">1000000000</limit>
  <limit name="max_replies_per_connection">50000</limit>
  <limit name="max_match_rules_per_connection">50000</limit>
  <limit name="max_names_per_connection">50000</limit>
  $services
  <policy context="default">
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
