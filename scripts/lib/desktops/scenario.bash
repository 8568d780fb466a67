# Sourced by scripts/desktops: one tip on one desktop, from a fresh datastore to what the user's gesture did, with
# screenshots and a record of what each part saw.
#
# The desktop's file (scripts/lib/desktops/NAME.bash) defines, for NAME:
#   NAME_start            starts the session; exports DBUS_SESSION_BUS_ADDRESS, DBUS_SYSTEM_BUS_ADDRESS, the display
#                         and the XDG variables the desktop's programs read; puts the app's activation file in
#                         $services (the session bus's service folder)
#   NAME_notification     prints where the tip's notification is on screen ("X Y W H"); fails when it is not shown
#   NAME_region           prints the part of the screen to show when no notification is (the clock, say)
#   NAME_app_window       prints where the stand-in app's window is, when it shows one
#   NAME_screenshot FILE  photographs the whole screen
#   NAME_click, NAME_dismiss, NAME_button, NAME_silence_on, NAME_silence_off
#                         do what a user does and print, in a few words, what that was
#   NAME_unseen           says, in a few words, what the user sees when the notification is not on screen
#   NAME_clear            (optional) sends away what the silence left on screen
# and NAME_scenarios, the gestures it runs (click, dismiss, button), in order; silence always comes last;
# NAME_dismissal, what the summary says of dismissal when there is no dismiss gesture.

# The tip a fresh datastore offers first, once a mood is logged on the first day.
first_tip=CustomizeLayoutTip

# start_tips SCENARIO: feels-tipsd on a fresh datastore, a mood logged on the first day of use.
start_tips() {
    local folder="$session/$1"
    mkdir -p "$folder"
    spawn "tipsd-$1" "$bin/feels-tipsd" --address "$DBUS_SESSION_BUS_ADDRESS" --datastore "$folder/tips.sqlite"
    tipsd=$spawned
    wait_for 20 has_owner org.feels.Tips || fail "feels-tipsd did not start: $(cat "$session/logs/tipsd-$1.log")"
    tips_call LogMood 'sa{sv}' great 0 > /dev/null
    tips_call UpdateDaysUsingApp u 1 > /dev/null
}

# tips_call MEMBER [SIGNATURE ARGS...]: busctl on org.feels.Tips1, as any client calls it.
tips_call() {
    busctl --address="$DBUS_SESSION_BUS_ADDRESS" --json=short call org.feels.Tips /org/feels/Tips org.feels.Tips1 "$@"
}

# tip_state ID: the service's record of a tip, as "status (reason), displays N".
tip_state() {
    tips_call GetTips 'asa{sv}' 1 "$1" 0 | jq -r '.data[0][0] |
        "\(.status.data)\(if .invalidation_reason.data != "" then " (\(.invalidation_reason.data))" else "" end),"
        + " displays \(.display_count.data)"'
}

# start_notifier SCENARIO: the notifier of the build, with the desktop's environment and the stand-in app's data
# folder among the XDG data folders.
start_notifier() {
    spawn "notifier-$1" "$bin/feels-tips-notifier" --address "$DBUS_SESSION_BUS_ADDRESS"
    notifier=$spawned
    notifier_log="$session/logs/notifier-$1.log"
}

# stop_process PID: stops one process `spawn` started, and its group.
stop_process() {
    kill -TERM -- "-$1" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# logged TEXT: whether the notifier logged a line containing TEXT.
logged() {
    grep -qF -- "$1" "$notifier_log"
}

# notifier_lines: what the notifier said about the tip, the lines that matter, as Markdown code.
notifier_lines() {
    grep -E "Showed|The user chose|The notification of|Invalidated|Waiting|turned off|Closed the|Failed" \
        "$notifier_log" | sed 's/^feels-tips-notifier: //; s/^/    /'
}

# app_lines: how many lines the stand-in app's record holds.
app_lines() {
    if [ -f "$app_record" ]; then wc -l < "$app_record"; else echo 0; fi
}

# app_activations SINCE: what reached the stand-in app after line SINCE of its record.
app_activations() {
    [ -f "$app_record" ] || return 0
    tail -n "+$(($1 + 1))" "$app_record" | jq -c 'select(.event != "started")'
}

# quit_app: ends the stand-in app if it runs, so the next scenario starts without it.
quit_app() {
    has_owner org.feels.Feels || return 0
    gdbus call --session --dest org.feels.Feels --object-path /org/feels/Feels \
        --method org.freedesktop.Application.ActivateAction quit '[]' '{}' > /dev/null || true
    wait_for 10 bash -c "! busctl --address='$DBUS_SESSION_BUS_ADDRESS' status org.feels.Feels" || true
}

# photograph NAME BOX...: the screen now, cropped to the boxes (or the desktop's region when there are none), as
# docs/desktops/DESKTOP-NAME.png; sets `photo` to its file name.
photograph() {
    local name="$1"
    shift
    local boxes=("$@")
    [ -n "$(printf '%s' "${boxes[@]}")" ] || boxes=("$("${desktop}_region")")
    "${desktop}_screenshot" "$session/screen-$name.png"
    photo="$desktop-$name.png"
    crop "$session/screen-$name.png" "$output/$photo" "${boxes[@]}"
}

# run_gesture SCENARIO: a fresh datastore, the tip shown, the gesture, and what came of it; appends its part of the
# record to $report and sets result_seen and result_SCENARIO for the summary.
run_gesture() {
    local scenario="$1" gesture box after app_before app_seen
    start_tips "$scenario"
    app_before=$(app_lines)
    start_notifier "$scenario"
    wait_for 30 logged "Showed '" || fail "$desktop: the notifier showed nothing: $(cat "$notifier_log")"
    box=""
    wait_for 10 "${desktop}_notification" && box=$("${desktop}_notification" || true)
    # The server has drawn it; the pause lets a banner finish its slide-in before the photograph.
    sleep 1
    [ -z "$box" ] || box=$("${desktop}_notification" || true)
    photograph "$scenario-shown" "$box"
    local shown_photo="$photo"
    if [ "$scenario" = click ]; then
        if [ -n "$box" ]; then
            read -r _ _ w h <<< "$box"
            result_seen="a notification on screen, ${w}×${h}"
        else
            result_seen="nothing on screen: $("${desktop}_unseen")"
        fi
    fi

    gesture=$("${desktop}_$scenario")
    wait_for 15 logged "The notification of '" || wait_for 5 logged "The user chose" || true
    # What a click starts (the app, its window) takes a moment.
    wait_for 5 test "$(app_activations "$app_before")" != "" || true
    sleep 2
    after=$("${desktop}_notification" 2>/dev/null || true)
    photograph "$scenario-after" "${box:-$("${desktop}_region")}" "$after" "$("${desktop}_app_window")"
    local after_photo="$photo"
    app_seen=$(app_activations "$app_before")

    local chose closed state
    chose=$(sed -n "s/.*The user chose '\([^']*\)'.*/\1/p" "$notifier_log" | paste -sd, -)
    closed=$(sed -n "s/.*The notification of '[^']*' was \(.*\)$/\1/p" "$notifier_log" | paste -sd, -)
    state=$(tip_state "$first_tip")
    local effect="server: ${chose:+ActionInvoked '$chose', }${closed:-not closed}"
    [ -z "$after" ] || effect+=" (still on screen)"
    effect+="; app: ${app_seen:+$(jq -r '"\(.action) \(.parameter)"' <<< "$app_seen" | paste -sd, -)}"
    [ -n "$app_seen" ] || effect+="not started"
    effect+="; service: $state"
    printf -v "result_$scenario" '%s' "$gesture → $effect"

    {
        echo "### $scenario: $gesture"
        echo
        # A gesture that takes steps (GNOME's message list) photographs the step between.
        local during="$output/$desktop-$scenario-during.png"
        if [ -f "$during" ]; then
            echo "| shown | during the $scenario | after it |"
            echo "|---|---|---|"
            echo "| ![the tip shown]($shown_photo) | ![during the $scenario]($(basename "$during")) |" \
                "![after the $scenario]($after_photo) |"
        else
            echo "| shown | after the $scenario |"
            echo "|---|---|"
            echo "| ![the tip shown]($shown_photo) | ![after the $scenario]($after_photo) |"
        fi
        echo
        echo "The notifier said:"
        echo
        notifier_lines
        echo
        echo "The stand-in app received: ${app_seen:-nothing (it was not started)}."
        echo
        echo "The service: \`$first_tip\` $state."
        echo
    } >> "$report"

    stop_process "$notifier"
    stop_process "$tipsd"
    quit_app
}

# run_silence: the desktop's own silence switched on before the tip is due; what the notifier and the service did,
# then the silence lifted.
run_silence() {
    local silence box during lifted shown_during said_during
    start_tips silence
    silence=$("${desktop}_silence_on")
    start_notifier silence
    # Nothing to wait for when the notifier follows the silence: it says why it waits, or shows the tip regardless.
    wait_for 20 logged "Showed '" || true
    sleep 3
    box=$("${desktop}_notification" || true)
    photograph silence "$box"
    local silence_photo="$photo"
    shown_during=$(grep -c "Showed '" "$notifier_log" || true)
    during="the notifier $([ "$shown_during" -gt 0 ] && echo "showed it" || echo "showed nothing"), "
    during+="$([ -n "$box" ] && echo "on screen" || echo "nothing on screen"), service: $(tip_state "$first_tip")"
    said_during=$(notifier_lines)

    "${desktop}_silence_off" > /dev/null
    if [ "$shown_during" -eq 0 ]; then wait_for 20 logged "Showed '" || true; fi
    sleep 2
    box=$("${desktop}_notification" || true)
    photograph silence-lifted "$box"
    local lifted_photo="$photo"
    if [ "$shown_during" -gt 0 ]; then
        lifted="nothing new (it was used up while silenced)"
    elif logged "Showed '"; then
        lifted="the notifier showed it"
    else
        lifted="the notifier showed nothing"
    fi
    lifted+=", $([ -n "$box" ] && echo "on screen" || echo "nothing on screen"), service: $(tip_state "$first_tip")"
    result_silence="$silence → while on: $during; lifted: $lifted"

    {
        echo "### silence: $silence"
        echo
        echo "| while silenced | once lifted |"
        echo "|---|---|"
        echo "| ![the screen under the silence]($silence_photo) | ![the screen once it is lifted]($lifted_photo) |"
        echo
        echo "While silenced: $during. The notifier said:"
        echo
        echo "$said_during"
        echo
        echo "Once lifted: $lifted. The notifier said, in all:"
        echo
        notifier_lines
        echo
    } >> "$report"

    stop_process "$notifier"
    stop_process "$tipsd"
    quit_app
}

# check_app: the stand-in app activated over the bus as the notifier of issue 14 will, with a token, to show that
# activation and its window work on this desktop whatever the notifier does.
check_app() {
    local before
    before=$(app_lines)
    gdbus call --session --dest org.feels.Feels --object-path /org/feels/Feels \
        --method org.freedesktop.Application.ActivateAction show-tip "[<'$first_tip'>]" \
        "{'activation-token': <'scripts-desktops'>}" > /dev/null
    wait_for 10 test -n "$("${desktop}_app_window")" || true
    sleep 1
    photograph app "$("${desktop}_app_window")"
    {
        echo "### the stand-in app, activated over the bus"
        echo
        echo "\`gdbus call … org.freedesktop.Application.ActivateAction show-tip [<'$first_tip'>] {'activation-token': …}\`,"
        echo "as the notifier of issue 14 hands a click over; the bus started the app, which received:"
        echo
        app_activations "$before" | sed 's/^/    /'
        echo
        echo "![the stand-in app's window]($photo)"
        echo
    } >> "$report"
    quit_app
}

# run_desktop NAME: the desktop's session, each of its gestures, the silence and the app check; writes
# $output/NAME.md.
run_desktop() {
    desktop="$1"
    session="$work/$desktop"
    services="$session/services"
    app_data="$session/share"
    app_record="$session/app-record.jsonl"
    report="$session/report.md"
    mkdir -p "$services" "$app_data/applications" "$session/logs"
    install_app
    "${desktop}_start"
    : > "$report"
    local scenario
    result_click="" result_dismiss="" result_button=""
    for scenario in $(eval "echo \${${desktop}_scenarios[@]}"); do
        run_gesture "$scenario"
    done
    run_silence
    if declare -F "${desktop}_clear" > /dev/null; then "${desktop}_clear"; fi
    check_app
    local title="${desktop}_title"
    {
        echo "## ${!title}"
        echo
        local clicks="${result_click:-}${result_button:+; ${result_button}}" dismissal="${desktop}_dismissal"
        echo "<!-- summary: ${!title} | ${result_seen} | $clicks | ${result_dismiss:-${!dismissal}} | ${result_silence} -->"
        echo
        cat "$report"
    } > "$output/$desktop.md"
    stop_spawned
}

# install_app: the stand-in Feels app and the notifier's own desktop entry, installed for the session: the entries in
# $app_data/applications (an XDG data folder the session's programs search first), the app's activation file in
# $services.
install_app() {
    local command="$PWD/scripts/lib/standin-feels-app --record $app_record --window --linger 30"
    cat > "$app_data/applications/org.feels.Feels.desktop" <<ENTRY
[Desktop Entry]
Type=Application
Name=Feels
Comment=A stand-in for the Feels app (scripts/desktops)
Icon=preferences-desktop-theme
Exec=$command
DBusActivatable=true
ENTRY
    cat > "$services/org.feels.Feels.service" <<SERVICE
[D-BUS Service]
Name=org.feels.Feels
Exec=$command --gapplication-service
SERVICE
    # As `make install` puts it: the entry the notifications name, which GNOME and KDE list in their settings.
    sed "s|@bindir@|$bin|g" desktop/org.feels.Tips.desktop.in > "$app_data/applications/org.feels.Tips.desktop"
    export XDG_DATA_DIRS="$app_data:/usr/local/share:/usr/share"
}

# write_summary: docs/desktops/README.md, the table of every desktop a run has written ($output/NAME.md), then each
# desktop's part.
write_summary() {
    local name
    {
        cat <<'INTRO'
# The daily tip on real desktops

Written by `scripts/desktops` (do not edit: run it again). Each desktop ran on private buses of its own, with the
real `feels-tipsd` and `feels-tips-notifier` of the build, a fresh datastore for every gesture (a mood logged on
the first day of use), and a stand-in Feels app installed for the session (`scripts/lib/standin-feels-app`: the
GApplication `org.feels.Feels` with a `show-tip` action, a `DBusActivatable` desktop entry and its bus activation
file). Gestures are made as a user makes them: the mouse on the notification (xdotool on X11; on sway a VNC
client's pointer through wayvnc, since a headless compositor has no pointer of its own), the desktop's own
settings for silence. Where a notification is and what it says come from the screen: the accessibility tree
(AT-SPI) for GNOME Shell, whose banners are no windows of their own, and for xfce4-notifyd; the window list for
KDE; mako's configured place.

"server" is what the notification server sent the notifier (`ActionInvoked`, `NotificationClosed` and its reason),
"app" what reached the stand-in app, "service" the tip's record in `feels-tipsd` afterwards.

| server | what the user sees | a click | a dismissal | silence followed |
|---|---|---|---|---|
INTRO
        local parts=()
        for name in "${all[@]}"; do
            [ ! -f "$output/$name.md" ] || parts+=("$output/$name.md")
        done
        sed -n 's/^<!-- summary: \(.*\) -->$/| \1 |/p' "${parts[@]}"
        echo
        grep -hv '^<!-- summary:' "${parts[@]}"
        cat <<'ISSUE14'
## What issue 14's notifier should change here

Today's notifier sends urgency low, offers its default action ("Got it") whatever is installed, records
`actionPerformed` on a click and `tipClosed` on a dismissal, and takes no notice of GNOME's per-app switch, Xfce's
do-not-disturb or mako's modes. With issue 14's notifier, a run should show: a GNOME banner (normal urgency) in
the first photograph; a click that reaches the stand-in app (`show-tip CustomizeLayoutTip`, with an
`activation-token` where the server sent one) and leaves the tip `available`, its window in the photograph after
the click; a dismissal that leaves the tip `available`; and under GNOME's per-app switch and Xfce's do-not-disturb
"the notifier showed nothing … displays 0", then the tip shown once the silence is lifted. mako's modes stay
invisible to any client: the row says what that costs. On Xfce a click on the message stays a dismissal
(xfce4-notifyd 0.7 invokes no action there): the app is reached through the default action's button, which
xfce4-notifyd shows only for an action with a label.
ISSUE14
    } > "$output/README.md"
}
