import BusTestSupport
import Testing
import TipsInterface

/// An app's whole job through the job-oriented clients of examples/ (`python/tips-app.py` with PyGObject's Gio and
/// `gjs/tips-app.js` with GJS, each a `Gio.DBusProxy` with the interface info of `dbus/org.feels.Tips1.xml`), run as
/// a German user's app runs them, against the real service on a private bus. `dbus-monitor` shows what the bus
/// carried: which members the app used, and that each job took one call.
@Suite("An app's tips through the Python and GJS clients")
struct AppJobTests {
    /// The methods an app needs, as the clients show it; with the signal `TipChanged`, six members of the interface's
    /// 13 methods, 1 signal and 11 properties (and none of the testing interface's).
    static let methodsAnAppNeeds: Set<String> = Set(
        [Tips1.Method.logMood, .settingsViewed, .presentTip, .presentNextTip, .invalidateTip].map(\.rawValue))

    @Test(arguments: AppClient.allCases)
    func presentsChoosesClosesActsAndFollowsTheChangeSignalInGermanEachJobInOneCall(client: AppClient) throws {
        // Immediate, so that a tip whose rules come to hold may appear at once; the service itself speaks English.
        let service = try RunningService(
            arguments: ["--display-frequency", "immediate"], environment: try Example.serviceEnvironment(),
            testing: false)
        let monitor = try BusMonitor(on: service)

        // A place holding several tips (TipGroup): DayView's first tip whose rules hold, with its words in the first
        // of GLib.get_language_names() the service has, from the same reply.
        let place = try client.run("place", "DayView", on: service)
        #expect(place.result.status == 0, "\(place.result.stderr)")
        #expect(
            Array(place.lines.prefix(4)) == [
                "TimeViewTip: shown at DayView, in de_DE.UTF-8",
                "  Sieh dir deinen Verlauf an",
                "  Wechsle zwischen Tages-, Monats- und Jahresansicht, um deine Stimmungsmuster im Zeitverlauf zu sehen.",
                "  icon: x-office-calendar-symbolic",
            ])

        // A tip at its anchor (TipView), in German by a BCP 47 tag.
        let anchor = try client.run("--languages", "de-DE", "anchor", "CustomizeLayoutTip", on: service)
        #expect(
            Array(anchor.lines.prefix(3)) == [
                "CustomizeLayoutTip: shown at CustomizeContentView, in de-DE",
                "  Personalisiere dein Erlebnis",
                "  Tippe hier, um Stimmungssymbole, Farben und Layouts anzupassen.",
            ], "\(anchor.result.stderr)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)

        // The user closes one and does what the other suggests.
        #expect(try client.run("close", "TimeViewTip", on: service).lines.first == "TimeViewTip: closed")
        #expect(try service.tip("TimeViewTip").invalidationReason == "tip-closed")
        #expect(try client.run("place", "DayView", on: service).lines.first == "DayView: no tip to show now")
        #expect(
            try client.run("act", "CustomizeLayoutTip", on: service).lines.first
                == "CustomizeLayoutTip: action performed")
        #expect(try service.tip("CustomizeLayoutTip").invalidationReason == "action-performed")

        // SiriShortcutTip's anchor is on screen but its rule does not hold; moods logged by other clients (the same
        // app run again) make it hold, and TipChanged's should_display brings it up without polling.
        let following = try client.start("anchor", "SiriShortcutTip", "--follow", "--timeout", "30", on: service)
        #expect(
            following.readLine(timeout: .seconds(30))?.hasPrefix("SiriShortcutTip: not shown: Waiting for ") == true)
        #expect(following.readLine() == "waiting for TipChanged of SiriShortcutTip")
        for count in 1...3 {
            let log = try client.run("log", "great", on: service)
            #expect(log.lines.first == "logged great: \(count) mood\(count == 1 ? "" : "s")", "\(log.result.stderr)")
        }
        #expect(following.waitForExit(timeout: .seconds(40)) == .exited(0), "\(following.lines(of: .standardError))")
        let followed = following.lines(of: .standardOutput)
        #expect(
            Array(followed.suffix(5)) == [
                "TipChanged SiriShortcutTip at SettingsContentView: "
                    + "invalidation_reason=, should_display=true, status=available",
                "SiriShortcutTip: shown at SettingsContentView, in de_DE.UTF-8",
                "  Stimmungen mit Siri erfassen",
                "  Sag „Hey Siri, erfasse meine Stimmung in Feels als großartig“, um freihändig zu erfassen.",
                "  icon: audio-input-microphone-symbolic",
            ], "\(followed)")
        #expect(try service.tip("SiriShortcutTip").displayCount == 1)

        // The settings screen, then its tip by the list GLib gives under LANGUAGE=de_DE.UTF-8:de, and by a list the
        // service has no words for: the app's own English, which language '' says.
        #expect(try client.run("settings", on: service).lines.first == "settings viewed")
        let german = try client.run("--languages", "de_DE.UTF-8,de,C", "anchor", "HealthKitSyncTip", on: service)
        #expect(
            Array(german.lines.prefix(2)) == [
                "HealthKitSyncTip: shown at SettingsContentView, in de_DE.UTF-8", "  Mit Apple Health synchronisieren",
            ])
        let english = try client.run("--languages", "fr_FR.UTF-8,C", "anchor", "HealthKitSyncTip", on: service)
        #expect(
            Array(english.lines.prefix(2)) == [
                "HealthKitSyncTip: shown at SettingsContentView, in the app's own English", "  Sync with Apple Health",
            ])

        // What the bus carried: each job one call of org.feels.Tips1 (the follow two: the anchor appearing, then the
        // signal), nothing else: no property, no introspection.
        let calls = try monitor.calls()
        #expect(calls.allSatisfy { $0.interface == Tips1.name.rawValue }, "\(calls)")
        let present = Tips1.Method.presentTip.rawValue
        let presentNext = Tips1.Method.presentNextTip.rawValue
        let invalidate = Tips1.Method.invalidateTip.rawValue
        let log = Tips1.Method.logMood.rawValue
        #expect(
            calls.membersByCaller == [
                [presentNext], [present], [invalidate], [presentNext], [invalidate], [present, present], [log], [log],
                [log], [Tips1.Method.settingsViewed.rawValue], [present], [present],
            ], "\(calls)")
        // The follower (the sixth caller) presented again only after the third mood, when the signal came.
        let follower = calls.callers.count > 5 ? calls.callers[5] : ""
        let followerCalls = calls.indices.filter { calls[$0].sender == follower }
        let thirdMood = calls.indices.filter { calls[$0].member == log }.last ?? calls.count
        #expect(followerCalls.count == 2 && followerCalls[1] > thirdMood, "\(calls)")

        // The members the app used: these five methods, and the signal it followed.
        let methods = Set(calls.map(\.member))
        #expect(methods == Self.methodsAnAppNeeds)
        #expect(followed.contains { $0.hasPrefix("\(Tips1.Signal.tipChanged.rawValue) SiriShortcutTip ") })
        #expect(methods.count + 1 == 6)
        // examples/README.md counts them against the whole interface.
        #expect(
            [Tips1.Method.allCases.count, Tips1.Signal.allCases.count, Tips1.Property.allCases.count] == [13, 1, 11],
            "examples/README.md says 6 of 25 members: 13 methods, 1 signal, 11 properties")
    }

    @Test(arguments: AppClient.allCases)
    func saysWhyATipWaitsForTheDisplayWindow(client: AppClient) throws {
        let service = try RunningService(environment: try Example.serviceEnvironment(), testing: false)

        #expect(
            try client.run("place", "DayView", on: service).lines.first
                == "TimeViewTip: shown at DayView, in de_DE.UTF-8")
        let held = try client.run("anchor", "CustomizeLayoutTip", on: service)
        #expect(held.result.status == 0, "\(held.result.stderr)")
        #expect(
            held.lines.first?.hasPrefix(
                "CustomizeLayoutTip: not shown: Ready, but another tip appeared recently: new tips wait until ")
                == true,
            "\(held.lines)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
    }

    @Test(arguments: AppClient.allCases)
    func namesTheErrorTheServiceAnsweredWith(client: AppClient) throws {
        let service = try RunningService(testing: false)

        for (arguments, error) in [
            (["anchor", "NoSuchTip"], Tips1.Error.unknownTip), (["place", "Nowhere"], .unknownLocation),
            (["log", "meh"], .invalidMood), (["close", "NoSuchTip"], .unknownTip),
        ] {
            let (result, _) = try Example.run(
                client.command + arguments, on: service, environment: try Example.germanUser())
            #expect(result.status == 1)
            #expect(
                result.stderr.hasPrefix("\(arguments.joined(separator: " ")): \(error.rawValue): "), "\(result.stderr)")
        }
    }
}
