#!/bin/sh
# Logs a mood, presents tips as an app would and says why one is not shown, with busctl (systemd's D-Bus tool).
# Run it on the session bus; busctl --user uses DBUS_SESSION_BUS_ADDRESS when it is set.
set -eu

tips() { busctl --user "$@"; }
call() { tips call org.feels.Tips /org/feels/Tips org.feels.Tips1 "$@"; }
property() { tips get-property org.feels.Tips /org/feels/Tips org.feels.Tips1 "$@"; }

# Each reply is printed as its signature, then its values: 'u 1'. An a{sv} argument is its count of entries, then
# each key, signature and value: '0' for no options, '1 languages as 1 de-DE' for one.
echo "LogMood great: $(call LogMood 'sa{sv}' great 0)"

# --json=short prints one JSON document a reply: PresentTip's (b shown, a{sv} tip) as
# {"type":"ba{sv}","data":[true,{"id":{"type":"s","data":"TimeViewTip"},...}]}; shown and key take it apart.
shown() { echo "$reply" | sed -n 's/^{"type":"ba{sv}","data":\[\([a-z]*\),.*/\1/p'; }
key() { echo "$reply" | sed -n 's/.*"'"$1"'":{"type":"s","data":"\([^"]*\)"}.*/\1/p'; }

# A place holding several tips (TipKit's TipGroup): the tip to show there and its words, in one call.
reply="$(call PresentNextTip 'sa{sv}' DayView 0 --json=short)"
echo "PresentNextTip DayView: shown $(shown): $(key id): $(key title)"

# A tip at its anchor (TipKit's TipView): the display window the first tip opened holds a new one back, and the
# explanation says so.
reply="$(call PresentTip 'sa{sv}' CustomizeLayoutTip 0 --json=short)"
echo "PresentTip CustomizeLayoutTip: shown $(shown): $(key explanation)"

# A tip that has appeared keeps showing in its place; the words in the first of the user's languages the service
# has, which the reply's language names.
reply="$(call PresentTip 'sa{sv}' TimeViewTip 1 languages as 2 de-DE en --json=short)"
echo "PresentTip TimeViewTip in de-DE: shown $(shown): $(key title) (language '$(key language)')"

echo "MoodLogCount: $(property MoodLogCount)"

# A refused call exits non-zero and says why on standard error.
if ! error="$(call LogMood 'sa{sv}' meh 0 2>&1)"; then
    echo "LogMood meh: $error"
fi
