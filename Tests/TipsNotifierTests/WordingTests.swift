import Testing
import TipsCore
@testable import TipsNotifier

/// How the notifier words its log lines and reads its command line.
@Suite("Wording and the command line")
struct WordingTests {
    @Test func waitReasonsReadAsTheLogLinesTheREADMEQuotes() {
        let until = Instant(secondsSinceEpoch: 1_796_128_910)
        #expect(
            WaitReason.windowClosed(until: until).description
                == "Waiting: the display window is closed until 2026-12-01T12:41:50Z")
        #expect(WaitReason.away(.sessionLocked).description == "Waiting: the screen is locked (logind's LockedHint)")
        #expect(WaitReason.noServer.description == "Waiting: no notification server")
        #expect(WaitReason.appRunning.description == "Waiting: the Feels app runs and shows tips where they belong")
        #expect(WaitReason.notUsedYet.description == "Waiting: Feels has not been used yet (no day of use)")
        #expect(
            WaitReason.turnedOff(path: "/c/feels/notifier.conf").description
                == "Tip notifications are turned off in '/c/feels/notifier.conf'")
    }

    @Test func gnomesSettingsPathForAnEntryIsTheOneGNOMEShellUses() {
        #expect(
            GNOMENotificationSettings.path(of: "org.feels.Feels")
                == "/org/gnome/desktop/notifications/application/org-feels-feels/")
        #expect(
            GNOMENotificationSettings.path(of: "My..App_2") == "/org/gnome/desktop/notifications/application/my-app-2/")
    }

    @Test(
        arguments: [
            ([], NotifierOptions()),
            (
                ["--once"],
                {
                    var o = NotifierOptions()
                    o.once = true
                    return o
                }()
            ),
            (
                ["--address", "unix:path=/b"],
                {
                    var o = NotifierOptions()
                    o.address = "unix:path=/b"
                    return o
                }()
            ),
            (
                ["--address=unix:path=/b", "--once"],
                {
                    var o = NotifierOptions()
                    o.address = "unix:path=/b"
                    o.once = true
                    return o
                }()
            ),
            (
                ["--version"],
                {
                    var o = NotifierOptions()
                    o.action = .version
                    return o
                }()
            ),
            (
                ["-h"],
                {
                    var o = NotifierOptions()
                    o.action = .help
                    return o
                }()
            ),
        ] as [([String], NotifierOptions)])
    func theCommandLineIsReadAsDocumented(arguments: [String], options: NotifierOptions) throws {
        #expect(try NotifierOptions(parsing: arguments) == options)
    }

    @Test(arguments: [NotificationCloseReason.expired, .dismissed, .closedByCall, .undefined(4), .undefined(9)])
    func closeReasonsKeepTheirSpecificationNumbers(reason: NotificationCloseReason) {
        let code: Int32 =
            switch reason {
            case .expired: 1
            case .dismissed: 2
            case .closedByCall: 3
            case .undefined(let code): code
            }
        #expect(NotificationCloseReason(code: code) == reason)
    }
}
