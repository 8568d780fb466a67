extension TipsInterface {
    /// The documentation introspection carries for every member, argument and `a{sv}` key of the interface, as
    /// `org.gtk.GDBus.DocString` annotations that `gdbus-codegen --generate-docbook` turns into a reference.
    enum Documentation {
        static let short = "The Feels mood tracker's tips, after TipKit: which tip the user is ready for, and why."

        static let interface = """
            The tips of the Feels mood tracker, after Apple's TipKit, served by feels-tipsd as the object \
            /org/feels/Tips of the bus name org.feels.Tips on the session bus. Apps report what the user did (LogMood, \
            SettingsViewed); the service keeps the parameters the tips' rules test, decides which tip the user is \
            ready for, remembers every display and invalidation in its datastore before it answers, and says why a \
            tip is not shown.

            Times are microseconds since the Unix epoch (0 for none). Days are local calendar days in the \
            service's time zone, which it follows while running. Tip ids, reasons, moods and locations are \
            accepted in any letter case; replies use the canonical spelling.

            Errors: org.feels.Tips1.Error.InvalidMood (not a mood of the Feels scale), \
            org.feels.Tips1.Error.UnknownTip (no tip has the id), org.feels.Tips1.Error.InvalidReason (not \
            actionPerformed or tipClosed), org.feels.Tips1.Error.Datastore (the change could not be stored; \
            nothing changed; the message names the cause), org.freedesktop.DBus.Error.InvalidArgs (a wrong \
            signature, an unknown location, a count or frequency out of range), \
            org.freedesktop.DBus.Error.LimitsExceeded (the caller has 64 KiB of replies it has not read; it is \
            served again once it reads them). Each method says which of these it may answer with; any write may \
            also answer Error.Datastore.

            org.feels.Tips1.Error.InUse answers every method call and every property read, whatever its \
            arguments, while another process holds the datastore: with two session buses for one user (a second \
            login whose bus is not systemd's user bus, ssh with dbus-launch), each bus starts its own feels-tipsd, \
            and one datastore has one writer. The message names the process holding it (program, pid and bus, \
            when known). The service owns its name meanwhile, waits on the datastore's lock and serves as soon as \
            that process exits, then sends one PropertiesChanged carrying every property, the constants too, so \
            that clients read it afresh.
            """

        static let moodArgument = "horrible, bad, average, good or great, in any letter case."
        static let tipArgument = "A tip's id, such as TimeViewTip, in any letter case."
        static let locationArgument = """
            CustomizeContentView, InsightsView, SettingsContentView or DayView, in any letter case; '' for every \
            location.
            """
        static let localeArgument = """
            A locale name such as de_DE.UTF-8; '' for the service's own. The words are translated when the system \
            has the locale installed and the service has a catalog for it; C, POSIX and English give the words as \
            written; any other name gives the service's own words. The reply's locale key says which.
            """
        static let frequencyArgument = """
            immediate, hourly, daily, weekly, monthly, or a whole number of seconds up to 3155760000 (a century).
            """
        static let moodsArgument = """
            Every mood in logging order: when it was logged (microseconds since the epoch), the mood, and the UTC \
            offset in seconds of the user's clock then.
            """

        static let logMood = """
            Logs a mood now: counts it (MoodLogCount, HasLoggedMoods), marks today as a day of use and extends or \
            starts the streak. The mood joins the journal, which only ExportMoods and ForgetMoods read or erase. \
            Errors: InvalidMood; Datastore.
            """
        static let settingsViewed =
            "The user viewed the Settings screen: HasSeenSettings becomes true. Errors: Datastore."
        static let updateDaysUsingApp = """
            Makes today the n-th day of use, as the Feels app's updateDaysUsingApp(_:) does; the count then grows \
            by one at each local midnight. 0 forgets the first day of use. \
            Errors: InvalidArgs (over 36525); Datastore.
            """
        static let updateStreak = """
            Makes the streak n days long, ending today, as the Feels app's updateStreak(_:) does; a mood tomorrow \
            extends it and a day without one breaks it. 0 ends the streak. \
            Errors: InvalidArgs (over 36525); Datastore.
            """
        static let listTips = "Every tip as it stands now, in the service's language."
        static let getTip =
            "One tip as it stands now, in the service's language, with the reasons for its status. Errors: UnknownTip."
        static let tipDictionary = """
            Keys: id (s); title, message (s, translated); locale (s, the locale the words are in: the installed \
            locale asked for, under the name it is installed as, C for the words as written, or the service's \
            own); icon (s, a freedesktop icon name); symbol (s, the Feels app's SF Symbol); location (s); status \
            (s: pending, \
            available or invalidated); invalidation_reason (s: actionPerformed, tipClosed, displayCountExceeded, \
            or ''); should_display (b, as ShouldDisplayTip); override (s: shown or hidden by a testing switch, or \
            ''); display_count (u); first_displayed, last_displayed (x); max_display_count (u, 0 for none); \
            ignores_display_frequency (b); rules (aa{sv}, each with parameter s, operator s, threshold and value \
            u or b, satisfied b); held_back_by (s: display-window or ''); held_until (x); explanation (s, a \
            sentence saying why the tip is or is not shown).
            """
        static let listLocalizedTips = "Every tip as it stands now, its words in the locale given."
        static let getLocalizedTip = """
            One tip as GetTip gives it, its title and message in the locale given, for an app whose language \
            differs from the service's. \
            Errors: UnknownTip.
            """
        static let eligibleTips = """
            The tips whose rules hold and that are not invalidated (or that a testing switch shows), at the \
            location. The display window is not applied: see ShouldDisplayTip. \
            Errors: InvalidArgs (an unknown location).
            """
        static let shouldDisplayTip = """
            TipKit's Tip.shouldDisplay: whether the tip should show now, recording nothing. True when the tip is \
            available and has appeared before (a shown tip keeps showing in its place) or the display window lets \
            a new tip appear. \
            Errors: UnknownTip.
            """
        static let displayTip = """
            Displays one tip where the app anchors it, as TipKit's TipView does. When ShouldDisplayTip holds, \
            records the display (a tip appearing for the first time opens the display window) and returns true; \
            otherwise records nothing and returns false. \
            Errors: UnknownTip; Datastore.
            """
        static let nextNewTip = """
            The first tip at the location, in catalog order, that has never appeared and may appear now; '' when \
            the display window holds new tips back or none is available. Records nothing. The notifier asks this \
            before it shows a tip, and DisplayTip after. \
            Errors: InvalidArgs (an unknown location).
            """
        static let peekNextTip = """
            The tip DisplayNextTip would show now at the location, recording nothing: for a person or a tool that \
            looks without showing. \
            Errors: InvalidArgs (an unknown location).
            """
        static let displayNextTip = """
            Chooses the tip to show now at the location and records the display, by TipKit's rule for a place \
            holding several tips: the first tip that has never appeared when the display window lets a new one \
            appear (which opens a new window); else the first available tip that has already appeared; else ''. \
            Errors: InvalidArgs (an unknown location); Datastore.
            """
        static let invalidateTip = """
            Invalidates a tip, as TipKit's Tip.invalidate(reason:) does: it is not shown again until ResetAllTips. \
            A tip already invalidated keeps its first reason. \
            Errors: UnknownTip; InvalidReason; Datastore.
            """
        static let resetAllTips = """
            Returns every tip's state, the display history, the display window and every parameter to a fresh \
            install's, as the Feels app's resetAllTips() does. The mood journal is kept: see ForgetMoods. \
            Errors: Datastore.
            """
        static let exportMoods =
            "Every mood the user logged: the journal, theirs to keep. Errors: Datastore (the journal cannot be read)."
        static let forgetMoods = """
            Erases the mood journal and every count made from it (MoodLogCount, HasLoggedMoods, days of use, the \
            streak), in one transaction, and returns how many moods were erased. Tip states are kept. \
            Errors: Datastore.
            """
        static let showAllTipsForTesting = """
            For testing, as TipKit's showAllTipsForTesting(): every tip shows, whatever its rules and the display \
            window say. Nothing is recorded for displays made under it, the journal and counts are untouched, and \
            it lasts until ClearTestingOverrides or the service stops.
            """
        static let showTipsForTesting = """
            For testing, as TipKit's showTipsForTesting(_:): these tips show, whatever their rules and the display \
            window say; the others follow their rules. Lasts as ShowAllTipsForTesting does. \
            Errors: UnknownTip.
            """
        static let hideAllTipsForTesting = """
            For testing, as TipKit's hideAllTipsForTesting(): no tip shows. Lasts as ShowAllTipsForTesting does.
            """
        static let clearTestingOverrides = "Ends any testing switch: the rules and the display window decide again."
        static let setDisplayFrequency = """
            For testing: sets the display frequency until the service stops (the command line's \
            --display-frequency decides again at the next start). The window already open is measured anew. \
            Errors: InvalidArgs (not a frequency, or over a century).
            """

        static let hasLoggedMoods = """
            The Feels app's hasLoggedMoods: a count of moods logged, despite its name (the app declares it Int and \
            tests it with >= 7).
            """
        static let displayFrequency = """
            How long after a tip first appears before another may first appear: immediate, hourly, daily, weekly, \
            monthly, or a number of seconds.
            """
        static let nextDisplayTime = """
            When a new tip may next appear, in microseconds since the epoch; 0 when one may appear now.
            """
        static let testingOverride = "The testing switch in force: show-all, show-some, hide-all, or '' for none."
        static let timeZone = """
            The time zone the service counts local days in: TZ, or the zone /etc/localtime names. The service \
            follows a change of either while it runs.
            """

        static let tipStatusChanged = """
            A tip's status changed, whatever the cause: a request, or time passing (at midnight, when a day of use \
            completes or a streak breaks), sent at that instant.
            """
        static let tipChanged = """
            Something observable of a tip changed: its status (with the invalidation reason), whether it should \
            display (as the display window opens and closes), or a testing switch.
            """
        static let tipChanges = """
            Only the keys that changed: status (s) with invalidation_reason (s), should_display (b), override (s).
            """
    }
}
