# Sourced by scripts/desktops: one tip on one desktop, from a fresh datastore to what the user's gesture did, with
# screenshots and a record of what each part saw.
#
# The desktop's file (scripts/lib/desktops/NAME.bash) defines, for NAME:
#   NAME_start            starts the session; exports DBUS_SESSION_BUS_ADDRESS, DBUS_SYSTEM_BUS_ADDRESS, the display
#                         and the XDG variables the desktop's programs read; puts the app's activation file in
#                         $services (the session bus's service folder)
#   NAME_notification     prints where the tip's notification is on screen ("X Y W H"); fails when it is not shown
#   NAME_region           prints the part of the screen to show when no notification is (the clock, say)
#   NAME_app_window       (optional, X11's by default) prints where the stand-in app's window is, when it shows one
#   NAME_screenshot FILE  (optional, X11's by default) photographs the whole screen
#   NAME_click, NAME_dismiss, NAME_button, NAME_silence_on, NAME_silence_off
#                         do what a user does and print, in a few words, what that was
#   NAME_unseen           says, in a few words, what the user sees when the notification is not on screen
#   NAME_clear            (optional) sends away what the silence left on screen
# and NAME_scenarios, the gestures it runs (click, dismiss, button), in order; silence always comes last;
# NAME_dismissal, what the summary says of dismissal when there is no dismiss gesture; NAME_known (optional), what
# the summary says of the server's own way, whatever a run measures. A gesture that finds nothing to act on says so
# and does nothing.

# The tip a fresh datastore offers first, once a mood is logged on the first day.
first_tip=CustomizeLayoutTip

# on_desktop NAME ARGS...: the desktop's own NAME (NAME_app_window, say), or X11's (x11_app_window) when it has none.
on_desktop() {
    local name="$1"
    shift
    if declare -F "${desktop}_$name" > /dev/null; then "${desktop}_$name" "$@"; else "x11_$name" "$@"; fi
}

# app_window_shown: whether the stand-in app shows its window.
app_window_shown() {
    [ -n "$(on_desktop app_window)" ]
}

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

# logged TEXT: whether the notifier logged a line containing TEXT.
logged() {
    grep -qF -- "$1" "$notifier_log"
}

# notifier_lines: what the notifier said about the tip, the lines that matter, as Markdown code.
notifier_lines() {
    grep -E "Showed|The notification of|The Feels app|Withdrew|Waiting|turned off|Failed" \
        "$notifier_log" | sed 's/^feels-tips-notifier: //; s/^/    /'
}

# start_server_record SCENARIO: dbus-monitor on the session bus, recording every signal of the notification
# interface that the owner of org.freedesktop.Notifications sends (ActionInvoked, ActivationToken,
# NotificationClosed): what the notifier hears (GNOME Shell's own signals to the service that owns the name are
# not).
start_server_record() {
    local owner
    owner=$(busctl --address="$DBUS_SESSION_BUS_ADDRESS" --json=short call org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus GetNameOwner s org.freedesktop.Notifications | jq -r '.data[0]')
    server_log="$session/logs/server-$1.log"
    spawn "server-$1" dbus-monitor --address "$DBUS_SESSION_BUS_ADDRESS" \
        "type='signal',sender='$owner',interface='org.freedesktop.Notifications'"
    server_record=$spawned
}

# server_said: what the server sent about the tip's notification (the id the notifier logged), in the order sent:
# "ActionInvoked 'default'", "an activation token", "dismissed by the user (2)" (NotificationClosed, the reason in
# the notifier's words), separated by ", ", a signal sent again at once marked "(sent twice)"; nothing when it sent
# nothing.
server_said() {
    local id
    id=$(sed -n "s/.*Showed '[^']*' as notification \([0-9]*\):.*/\1/p" "$notifier_log" | tail -n 1)
    [ -n "$id" ] || return 0
    awk -v id="$id" '
        /^signal / {member = ""; if (match($0, /member=[A-Za-z]+/)) member = substr($0, RSTART + 7, RLENGTH - 7); n = 0; next}
        member == "" {next}
        /^   / {
            n++
            if (n == 1) {mine = ($2 == id); next}
            if (!mine) {member = ""; next}
            value = $0; sub(/^   [a-z0-9]+ /, "", value); gsub(/"/, "", value)
            if (member == "ActionInvoked") said = "ActionInvoked \047" value "\047"
            else if (member == "ActivationToken") said = "an activation token"
            else if (member == "NotificationClosed") said = reasons[value] ? reasons[value] : "closed (" value ")"
            else said = member
            if (count > 0 && said == items[count]) times[count]++
            else {items[++count] = said; times[count] = 1}
            member = ""
        }
        BEGIN {reasons[1] = "expired (1)"; reasons[2] = "dismissed by the user (2)"; reasons[3] = "closed by a call (3)"
               reasons[4] = "closed, reason undefined (4)"}
        END {
            for (i = 1; i <= count; i++) {
                out = out (i > 1 ? ", " : "") items[i]
                if (times[i] > 1) out = out (times[i] == 2 ? " (sent twice)" : " (sent " times[i] " times)")
            }
            print out
        }' "$server_log"
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

# app_activated SINCE: whether anything reached the stand-in app after line SINCE of its record.
app_activated() {
    [ -n "$(app_activations "$1")" ]
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
    on_desktop screenshot "$session/screen-$name.png"
    photo="$desktop-$name.png"
    crop "$session/screen-$name.png" "$output/$photo" "${boxes[@]}"
}

# run_gesture SCENARIO: a fresh datastore, the tip shown, the gesture, and what came of it; appends its part of the
# record to $report and sets result_seen and result_SCENARIO for the summary.
run_gesture() {
    local scenario="$1" gesture box after app_before app_seen
    start_tips "$scenario"
    app_before=$(app_lines)
    start_server_record "$scenario"
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
    wait_for 15 logged "The notification of '" || true
    # What a click starts (the app, its window) takes a moment.
    wait_for 5 app_activated "$app_before" || true
    sleep 2
    after=$("${desktop}_notification" 2>/dev/null || true)
    photograph "$scenario-after" "${box:-$("${desktop}_region")}" "$after" "$(on_desktop app_window)"
    local after_photo="$photo"
    app_seen=$(app_activations "$app_before")

    local server state app_said reached token window
    server=$(server_said)
    state=$(tip_state "$first_tip")
    app_said=$(jq -r '"\(.action) \(.parameter)"' <<< "$app_seen" | paste -sd, -)
    local effect="server: ${server:-sent nothing}"
    [ -z "$after" ] || effect+=" (still on screen)"
    effect+="; app: ${app_said:-not started}; service: $state"
    printf -v "result_$scenario" '%s' "$gesture → $effect"
    reached=no token=no
    if [ -n "$app_seen" ]; then
        jq -e --arg tip "$first_tip" 'select(.action == "show-tip" and .parameter == $tip)' <<< "$app_seen" \
            > /dev/null 2>&1 && reached=yes
        jq -e 'select((.platform_data["activation-token"] // "") != "")' <<< "$app_seen" > /dev/null 2>&1 && token=yes
    fi
    window=no
    ! app_window_shown || window=yes
    shows+=("$scenario|$gesture|$reached|$token|$window|${server:-sent nothing}|$state")

    {
        echo "### $scenario: $gesture"
        echo
        echo "| shown | after the $scenario |"
        echo "|---|---|"
        echo "| ![the tip shown]($shown_photo) | ![after the $scenario]($after_photo) |"
        echo
        echo "The server sent: ${server:-nothing}. The notifier said:"
        echo
        notifier_lines
        echo
        echo "The stand-in app received: ${app_seen:-nothing (it was not started)}."
        echo
        echo "The service: \`$first_tip\` $state."
        echo
    } >> "$report"

    stop_process "$notifier"
    stop_process "$server_record"
    stop_process "$tipsd"
    quit_app
}

# run_silence: the desktop's own silence switched on before the tip is due; what the notifier and the service did,
# then the silence lifted.
run_silence() {
    local silence box during lifted shown_during said_during drawn_during
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
    drawn_during=$([ -n "$box" ] && echo yes || echo no)
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
    local shown=no shown_in_all=no
    [ "$shown_during" -eq 0 ] || shown=yes
    ! logged "Showed '" || shown_in_all=yes
    shows+=("silence|$silence|$shown|$drawn_during|$shown_in_all")

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

# check_app: the stand-in app activated over the bus as the notifier hands a click over, with a token, to show that
# activation and its window work on this desktop whatever the notifier does.
check_app() {
    local before
    before=$(app_lines)
    gdbus call --session --dest org.feels.Feels --object-path /org/feels/Feels \
        --method org.freedesktop.Application.ActivateAction show-tip "[<'$first_tip'>]" \
        "{'activation-token': <'scripts-desktops'>}" > /dev/null
    wait_for 10 app_window_shown || true
    sleep 1
    photograph app "$(on_desktop app_window)"
    {
        echo "### the stand-in app, activated over the bus"
        echo
        echo "\`gdbus call … org.freedesktop.Application.ActivateAction show-tip [<'$first_tip'>] {'activation-token': …}\`,"
        echo "as the notifier hands a click over; the bus started the app, which received:"
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
    local scenario entry
    result_click="" result_dismiss="" result_button="" shows=()
    for scenario in $(eval "echo \${${desktop}_scenarios[@]}"); do
        run_gesture "$scenario"
    done
    run_silence
    if declare -F "${desktop}_clear" > /dev/null; then "${desktop}_clear"; fi
    check_app
    # A function, not a variable set as the file is sourced: the desktop's packages are installed after that.
    local title
    title="$("${desktop}_title")"
    {
        echo "## $title"
        echo
        local clicks="${result_click:-}${result_button:+; ${result_button}}" dismissal="${desktop}_dismissal"
        echo "<!-- summary: $title | ${result_seen} | $clicks | ${result_dismiss:-${!dismissal}} | ${result_silence} -->"
        # What the summary's closing part is drawn from: one outcome a line, the desktop's short name first.
        local known="${desktop}_known"
        [ -z "${!known:-}" ] || shows+=("known|${!known}")
        for entry in "${shows[@]}"; do echo "<!-- shows: ${title%% (*}|$entry -->"; done
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
settings for silence; between gestures the pointer rests away from where notifications show. Where a notification
is and what it says come from the screen: the accessibility tree (AT-SPI) for GNOME Shell, whose banners are no
windows of their own, and for xfce4-notifyd; the window list for KDE; mako's configured place. No notification
expires before the gesture: GNOME Shell keeps a banner while the user is idle, KDE's popups are given a minute
(Plasma's `PopupTimeout`), xfce4-notifyd ten minutes, mako no expiry. The system bus has no logind: the notifier
says once that it follows no `LockedHint`, and goes by the screen savers.

"server" is what the notification server sent the notifier (`ActionInvoked`, `ActivationToken`,
`NotificationClosed` and its reason), as `dbus-monitor` saw it on the session bus; "app" what reached the
stand-in app; "service" the tip's record in `feels-tipsd` afterwards.

| server | what the user sees | a click | a dismissal | silence followed |
|---|---|---|---|---|
INTRO
        local parts=()
        for name in "${all[@]}"; do
            [ ! -f "$output/$name.md" ] || parts+=("$output/$name.md")
        done
        sed -n 's/^<!-- summary: \(.*\) -->$/| \1 |/p' "${parts[@]}"
        echo
        grep -hv '^<!-- \(summary\|shows\):' "${parts[@]}"
        what_this_run_shows "${parts[@]}"
    } > "$output/README.md"
}

# what_this_run_shows FILE...: the summary's closing part, sentences drawn from the outcomes the desktops' parts
# record (their `<!-- shows: … -->` lines), and what each server does its own way.
what_this_run_shows() {
    local name kind gesture reached token window server state silence shown drawn lifted
    local opened=() tokens=() missed=() quiet=() recorded=() waited=() regardless=() unseen=() known=()
    while IFS='|' read -r name kind gesture reached token window server state; do
        case "$kind" in
            click | button | dismiss)
                if [ "$reached" = yes ]; then
                    if [ "$window" = yes ]; then gesture+="; its window in the photograph after"; fi
                    opened+=("$name ($gesture)")
                    [ "$token" = no ] || tokens+=("$name")
                else
                    [ "$kind" = dismiss ] || missed+=("$name ($gesture: the server said $server)")
                    if [[ "$state" == available* ]]; then
                        quiet+=("$name ($gesture: $server)")
                    else
                        recorded+=("$name ($gesture: $state)")
                    fi
                fi
                ;;
            silence)
                # The fields of a silence: what it was, whether the notifier showed the tip under it, whether the
                # server drew it, whether the notifier showed it in all (once lifted).
                silence=$gesture shown=$reached drawn=$token lifted=$window
                if [ "$shown" = no ] && [ "$lifted" = yes ]; then
                    waited+=("$name: $silence")
                elif [ "$shown" = yes ]; then
                    regardless+=("$name: $silence ($([ "$drawn" = yes ] && echo "drawn" || echo "nothing drawn"))")
                else
                    unseen+=("$name: $silence")
                fi
                ;;
            known) known+=("$gesture") ;;
        esac
    done < <(sed -n 's/^<!-- shows: \(.*\) -->$/\1/p' "$@")
    echo "## What this run shows"
    echo
    echo "Drawn from the outcomes above, so it says what this run measured."
    echo
    [ ${#opened[@]} -eq 0 ] ||
        echo "- A click opened the Feels app at the tip (\`show-tip $first_tip\`) on $(listed "${opened[@]}")."
    [ ${#tokens[@]} -eq 0 ] ||
        echo "- The app's activation carried the server's activation token on $(listed "${tokens[@]}")."
    [ ${#missed[@]} -eq 0 ] || echo "- A click did not reach the app on $(listed "${missed[@]}")."
    [ ${#quiet[@]} -eq 0 ] ||
        echo "- A notification closed without the app recorded nothing (the tip stayed available) on $(listed "${quiet[@]}")."
    [ ${#recorded[@]} -eq 0 ] ||
        echo "- A notification closed without the app changed the tip's record on $(listed "${recorded[@]}")."
    [ ${#waited[@]} -eq 0 ] ||
        echo "- The notifier showed nothing under the desktop's silence, and the tip once it was lifted, on $(listed "${waited[@]}")."
    [ ${#regardless[@]} -eq 0 ] ||
        echo "- The notifier showed the tip under the desktop's silence, its display counted, on $(listed "${regardless[@]}")."
    [ ${#unseen[@]} -eq 0 ] ||
        echo "- The notifier showed nothing under the desktop's silence, nor once it was lifted, on $(listed "${unseen[@]}")."
    local sentence
    for sentence in "${known[@]}"; do echo "- $sentence"; done
}

# listed ITEM...: the items as a sentence's list: "a", "a and b", "a; b; and c" (items may hold commas).
listed() {
    case $# in
        1) echo "$1" ;;
        2) echo "$1 and $2" ;;
        *) local items=("$@") last="${!#}"; unset 'items[-1]'; printf '%s; ' "${items[@]}"; echo "and $last" ;;
    esac
}
