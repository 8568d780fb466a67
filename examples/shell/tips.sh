#!/bin/sh
# Logs a mood, asks which tip to show and why another is not shown, with busctl (systemd's D-Bus tool).
# Run it on the session bus; busctl --user uses DBUS_SESSION_BUS_ADDRESS when it is set.
set -eu

tips() { busctl --user "$@"; }
call() { tips call org.feels.Tips /org/feels/Tips org.feels.Tips1 "$@"; }
property() { tips get-property org.feels.Tips /org/feels/Tips org.feels.Tips1 "$@"; }

# Each reply is printed as its signature, then its values: 'u 1', 's "CustomizeLayoutTip"'.
echo "LogMood great: $(call LogMood s great)"
echo "EligibleTips at every location: $(call EligibleTips s '')"
echo "DisplayNextTip at every location: $(call DisplayNextTip s '')"
echo "DisplayNextTip at DayView: $(call DisplayNextTip s DayView)"
echo "MoodLogCount: $(property MoodLogCount)"

# --json=short prints one JSON document a reply: the a{sv} of GetTip as {"type":"a{sv}","data":[{...}]}.
# The explanation says why TimeViewTip waited: the display window the first tip opened holds new tips back.
explanation="$(call GetTip s TimeViewTip --json=short | sed -n 's/.*"explanation":{"type":"s","data":"\([^"]*\)"}.*/\1/p')"
echo "TimeViewTip: $explanation"

# A refused call exits non-zero and says why on standard error.
if ! error="$(call LogMood s meh 2>&1)"; then
    echo "LogMood meh: $error"
fi
