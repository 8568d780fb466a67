import FeelsSystem
import TipsInterface

/// Every help text of `feels-tips`, complete and precise: feels-tips(1) says the same at more length, and the
/// packaging tests hold its commands, options, exit statuses and environment to these texts.
///
/// The keys of the contract's dictionaries that the JSON output shares are spelled through the generated names, as
/// the code spells them, so that a key renamed in the XML is renamed here too.
public enum CommandHelp {
    /// The text `feels-tips --help` prints, without a trailing newline.
    public static let overall = """
        Usage: feels-tips [OPTIONS] [COMMAND [ARGUMENTS]]

        Look at and change the Feels mood tracker's tips, served by feels-tipsd as
        org.feels.Tips on the session bus. Every command but 'notifications' and 'help'
        speaks to the service over D-Bus; the bus starts the service if it is
        installed and not running.

        Commands:
          status                  Show the service's version, datastore, time zone,
                                  display frequency, when a new tip may next appear,
                                  testing switch, parameters, and whether tip
                                  notifications are on (the default command)
          log MOOD                Log a mood: horrible, bad, average, good or great
          tips                    List every tip: id, status, location, displays
          show ID                 Show everything about one tip
          why ID                  Say why a tip is or is not shown: each rule with its
                                  value, the display window, the explanation
          next [LOCATION]         Show the tip the app would display next at LOCATION
                                  (default: every location), recording nothing
          invalidate ID REASON    Invalidate a tip: REASON is action-performed or
                                  tip-closed
          reset                   Reset every tip and parameter to a fresh install's,
                                  keeping the mood journal (asks first)
          watch                   Print tip and property changes as they happen,
                                  one line each, until Ctrl-C
          notifications [on|off]  Turn tip notifications on or off, or show whether
                                  they are on
          moods export            Print every mood logged, a line each
          moods forget            Erase every mood logged and the counts made from
                                  them (asks first)
          testing show-all        For testing: every tip shows, whatever its rules
          testing show ID...      For testing: these tips show, whatever their rules
          testing hide-all        For testing: no tip shows
          testing clear           For testing: end the testing switches
          testing frequency VALUE
                                  For testing: set the display frequency until
                                  feels-tipsd stops
                                  (the testing commands need a service started
                                  as 'feels-tipsd --testing')
          help [COMMAND]          Show this help, or a command's

        Options:
          --json                  Print JSON on standard output, one document per
                                  command (watch: one object a line; help and
                                  --version print text)
          --address ADDRESS       Use the bus at ADDRESS instead of the session bus
          -y, --yes, --no-ask     Do not ask for confirmation (reset, moods forget)
          -h, --help              Show this help, or the command's, and exit
          --version               Print the version and exit

        Options may come before or after the command; '--' ends them.

        Exit status:
          0  Success.
          1  The service answered with an error (its message is printed), or the
             notifications setting file could not be read or written.
          2  Bad command line, or a command that asks first was given no --yes while
             standard input is not a terminal.
          3  feels-tipsd is not running and cannot be started, did not answer, waits
             for a datastore another session's feels-tipsd holds, or there is no
             bus to reach it on.
          4  next: there is no tip to show.
          5  The question was answered no; nothing was changed.

        Environment:
          DBUS_SESSION_BUS_ADDRESS  The session bus, unless --address is given.
          XDG_RUNTIME_DIR           Without DBUS_SESSION_BUS_ADDRESS, the session
                                    bus is the socket $XDG_RUNTIME_DIR/bus.
          TZ                        The time zone local times are shown in.
          NO_COLOR                  When set and not empty, no colour. Colour is used
                                    only when standard output is a terminal and TERM
                                    is not 'dumb'.
          XDG_CONFIG_HOME, HOME     Where the notifications setting is kept:
                                    $XDG_CONFIG_HOME/feels/notifier.conf, else
                                    ~/.config/feels/notifier.conf.

        Errors, notices and questions go to standard error, as 'feels-tips: message';
        after an error, standard output has nothing.

        Run 'feels-tips help COMMAND' for more about a command.
        """

    /// A command's help, from its usage lines to its JSON shape, without a trailing newline: `feels-tips help NAME`
    /// and `feels-tips NAME --help` print it.
    public static func text(of command: CommandName) -> String {
        switch command {
        case .status:
            """
            Usage: feels-tips [status]

            Show what feels-tipsd reports about itself and the tips' parameters: its
            version, the datastore it keeps its state in, the time zone it counts days
            in, the display frequency, when a new tip may next appear ('now', or a
            local time), the testing switch in force ('not served' unless the service
            was started as 'feels-tipsd --testing'), and the five parameters the tips'
            rules test (mood-log-count, has-logged-moods, has-seen-settings,
            days-using-app, current-streak). The last line says whether tip
            notifications are on: that is feels-tips-notifier's setting, read from its
            file (see 'feels-tips help notifications'), not the service's; a file that
            cannot be read is reported there and does not fail the command.

            This is the command run when none is given.

            Reads every property of org.feels.Tips1 (org.freedesktop.DBus.Properties
            GetAll), and ActiveSwitch of org.feels.Tips1.Testing.

            JSON: {"feels_tips_version": "\(FeelsTipsVersion.current)", "properties": {every property
            of org.feels.Tips1 by its name, as GetAll gives them}, "testing_switch":
            the ActiveSwitch property (show-all, show-some, hide-all, or "" for none;
            null when the switches are not served), "notifications": {"enabled": true,
            "path": "/home/me/.config/feels/notifier.conf", "error": null}}.
            NextDisplayTime is in microseconds since the epoch, 0 for now. When the
            setting cannot be used, "enabled" is false, as the notifier then shows
            nothing, and "error" says why.
            """
        case .log:
            """
            Usage: feels-tips log MOOD

            Log a mood now. MOOD is horrible, bad, average, good or great, in any
            letter case. Prints how many moods have been logged, this one included.

            Calls LogMood.

            JSON: {"mood": "great", "mood_log_count": 3}
            """
        case .tips:
            """
            Usage: feels-tips tips

            List every tip in catalog order, one a line, in aligned columns: its id;
            its status (pending: a rule does not hold; available: every rule holds;
            invalidated, with the reason), with '(shown for testing)' or '(hidden for
            testing)' under a testing switch; the view it belongs to; and how many
            times it has been displayed.

            Calls GetTips.

            JSON: an array of tips, each an object with the keys 'show' describes.
            """
        case .show:
            """
            Usage: feels-tips show ID

            Show everything the service says of one tip: its title and message (in
            the service's language), status, location, icon names (freedesktop names,
            symbolic first, and the Feels app's SF Symbol), the words of its desktop
            notification, how often and when it was displayed and notified, its
            display limits, whether it should display now, any testing switch, each
            rule with the parameter's current value, what holds it back and until
            when, and the service's explanation. ID is a tip's id, such as
            TimeViewTip, in any letter case; times are local.

            Calls GetTips.

            JSON: the tip, with the keys GetTips gives (org.feels.Tips1(5) describes
            each): id, location, title, message, notification_title,
            notification_body, language ("" for the Feels app's own English),
            icon_names, symbol, status (pending, available, invalidated),
            invalidation_reason (action-performed, tip-closed,
            display-count-exceeded or ""), should_display, override ("shown",
            "hidden" or ""), display_count, first_displayed, last_displayed,
            notified_at, max_display_count (0 for none), ignores_display_frequency,
            rules (each with parameter, operator, threshold, value, satisfied),
            held_back_by (display-window, notification or ""), held_until,
            explanation. Times are microseconds since the epoch, 0 for none. A
            later service may add keys and values: ignore those you do not know.
            """
        case .why:
            """
            Usage: feels-tips why ID

            Say in plain words why a tip is or is not shown now: each of its rules,
            with the parameter's current value and whether the rule holds; what the
            display window does (a tip's first appearance opens a window of one
            display frequency in which no other tip may first appear): whether it
            holds the tip back, and until when, as a local time; any testing switch
            or invalidation; and the service's one-sentence explanation.

            Calls GetTips, and reads DisplayFrequency and NextDisplayTime.

            JSON: an object with the keys id, status, invalidation_reason, override,
            should_display, display_count, rules, held_back_by, held_until,
            display_frequency, next_display_time and explanation, as 'show'
            describes them; next_display_time is 0 when a new tip may appear now.
            """
        case .next:
            """
            Usage: feels-tips next [LOCATION]

            Show the tip the app would present next at LOCATION, by TipKit's rule for
            a place holding several tips, without recording a display: its id and
            title. LOCATION is CustomizeContentView, InsightsView,
            SettingsContentView or DayView, in any letter case; without it, every
            location. When no tip would be shown, prints nothing on standard output,
            says so on standard error (with the time until which the display window
            holds new tips back, if it does), and exits with status 4.

            Calls PresentNextTip with its record option false.

            JSON: {\(key(.location)): "DayView", \(key(.id)): "TimeViewTip", "tip": {the tip, as
            'show' gives it}}; {\(key(.location)): "DayView", \(key(.id)): null, "tip": null} when
            there is none (status 4). \(key(.location)) is "" for every location.
            """
        case .invalidate:
            """
            Usage: feels-tips invalidate ID REASON

            Invalidate a tip, as the app does when the user did what the tip suggests
            (REASON action-performed) or closed it (tip-closed); ID and REASON in any
            letter case, REASON also as TipKit spells it (actionPerformed,
            tipClosed). An invalidated tip is not shown again until 'feels-tips
            reset'; a tip already invalidated keeps its first reason. Prints the
            tip's status afterwards.

            Calls InvalidateTip, then GetTips.

            JSON: {\(key(.id)): "TimeViewTip", \(key(.status)): "invalidated",
            \(key(.invalidationReason)): "tip-closed"}
            """
        case .reset:
            """
            Usage: feels-tips reset [--yes]

            Return every tip's state, the display history, the display window and
            every parameter to a fresh install's, as the Feels app's resetAllTips()
            does. The mood journal is kept: 'feels-tips moods forget' erases it.

            Asks 'Reset every tip …? [y/N]' first, on standard error, when standard
            input is a terminal; --yes (or -y, --no-ask) skips the question. Without
            --yes, when standard input is not a terminal, refuses and changes nothing
            (status 2). Any answer but y or yes changes nothing (status 5).

            Calls ResetAllTips.

            JSON: {"reset": true}
            """
        case .watch:
            """
            Usage: feels-tips watch

            Print the service's signals as they happen, one line each, starting with
            the local time, until interrupted (Ctrl-C, SIGINT or SIGTERM; status 0):

              TipChanged         a tip, its location, and what changed of it: status
                                 with invalidation_reason, should_display,
                                 override, notified_at
              PropertiesChanged  the properties that changed, with their new values
                                 (ActiveSwitch too, under feels-tipsd --testing)
              NameOwnerChanged   feels-tipsd stopped, or started (as a new
                                 connection)

            The first line, 'Watching', names the connection serving org.feels.Tips.
            The service is started if it is not running. When it stops or restarts,
            watch says so and goes on with the new one. If the bus itself goes away,
            watch exits with status 3.

            JSON: one object a line, each with "time" (local ISO 8601 with its UTC
            offset) and "event": "watching" (with "owner" and "version"),
            "\(Tips1.Signal.tipChanged.rawValue)" (\(key(.id)), \(key(.location)), "changes": an object of the keys
            that changed), "PropertiesChanged" ("interface", "changed", an object,
            and "invalidated", an array), or "NameOwnerChanged" ("old_owner",
            "new_owner": a unique name, or null).
            """
        case .notifications:
            """
            Usage: feels-tips notifications [on|off]

            Turn tip notifications on or off, or, with neither, show whether they are
            on. This is feels-tips-notifier's setting, kept in a small file,
            $XDG_CONFIG_HOME/feels/notifier.conf (~/.config/feels/notifier.conf when
            XDG_CONFIG_HOME is unset, empty or relative), which the notifier reads
            again whenever it changes. A missing file means on. Needs neither the bus
            nor the service.

            JSON: {"enabled": false, "path": "/home/me/.config/feels/notifier.conf"}
            """
        case .moods:
            """
            Usage: feels-tips moods export
                   feels-tips moods forget [--yes]

            The mood journal: every mood logged, the user's own data.

            export  Print every mood, oldest first, one a line: when it was logged, in
                    ISO 8601 local time with the UTC offset the user's clock had then,
                    and the mood. Calls ExportMoods.
                    JSON: an array of {"time": "2026-11-30T16:20:01+01:00",
                    "logged_at": 1796051201000000, "utc_offset": 3600, "mood":
                    "great"}: logged_at in microseconds since the epoch, utc_offset in
                    seconds east of UTC.

            forget  Erase every mood and every count made from them (mood-log-count,
                    has-logged-moods, days-using-app, current-streak), in one
                    transaction; tip states are kept. Asks first, as reset does:
                    --yes skips the question; without it, when standard input is not
                    a terminal, refuses (status 2). Export them first to keep a copy.
                    Calls ForgetMoods.
                    JSON: {"forgotten": 3}
            """
        case .testing:
            """
            Usage: feels-tips testing show-all | show ID... | hide-all | clear
                   feels-tips testing frequency VALUE

            For testing an app against the service, as TipKit's testing API does, not
            for everyday use. A switch lasts until 'feels-tips testing clear' or until
            feels-tipsd stops; displays made under it are not recorded, and the
            journal and counts are untouched.

            show-all         Every tip shows, whatever its rules and the display
                             window say (ShowAllTips)
            show ID...       These tips show, whatever their rules and the display
                             window say; the others follow their rules (ShowTips)
            hide-all         No tip shows (HideAllTips)
            clear            The rules and the display window decide again
                             (ClearSwitches)
            frequency VALUE  Set the display frequency until feels-tipsd stops:
                             immediate, hourly, daily, weekly, monthly, or a whole
                             number of seconds (SetDisplayFrequency)

            The switches are the interface org.feels.Tips1.Testing, which feels-tipsd
            serves only when started with --testing, so that apps in everyday use
            cannot reach them. To test with them, stop the service and start one
            with the option:

              systemctl --user stop feels-tipsd.service
              feels-tipsd --testing &

            Without it, these commands fail (status 1) saying so.

            JSON: {"testing_switch": "show-all"}, the ActiveSwitch property
            afterwards (show-all, show-some, hide-all, or "" for none); for
            frequency, {"display_frequency": "hourly"}, the DisplayFrequency
            property afterwards.
            """
        case .help:
            """
            Usage: feels-tips help [COMMAND]
                   feels-tips [COMMAND] --help

            Show the overall help, or a command's.
            """
        }
    }

    /// A key of the tip dictionary as JSON writes it, in double quotes.
    private static func key(_ key: Tips1.Tip.Key) -> String {
        "\"\(key.rawValue)\""
    }

    /// The text to print for `topic`, or the overall help for `nil`, ending in a newline.
    public static func text(for topic: CommandName?) -> String {
        guard let topic else { return overall + "\n" }
        let footer = "\n\nOptions: --json, --address ADDRESS, --yes, --help; see 'feels-tips --help'."
        return text(of: topic) + (topic == .help ? "" : footer) + "\n"
    }
}
