import Foundation
import Testing
import TipsCore
import TipsNotifier

/// What the notifier decides before it asks the service anything, and how it words a tip's notification.
@Suite("Deciding and wording")
struct DecisionTests {
    static func conditions(_ change: (inout NotifierConditions) -> Void) -> NotifierConditions {
        var conditions = NotifierConditions()
        conditions.isActive = true
        conditions.settingsPath = "/home/ana/.config/feels/notifier.conf"
        conditions.server = .running
        change(&conditions)
        return conditions
    }

    @Test(
        arguments: [
            (conditions { _ in }, nil),
            (conditions { $0.server = .activatable }, nil),
            (conditions { $0.isActive = false }, .standby),
            (conditions { $0.isEnabled = false }, .turnedOff(path: "/home/ana/.config/feels/notifier.conf")),
            (conditions { $0.settingsProblem = "bad" }, .unreadableSettings("bad")),
            (conditions { $0.absence = .sessionLocked }, .away(.sessionLocked)),
            (conditions { $0.silencer = .gnomeBannersOff }, .silenced(.gnomeBannersOff)),
            (conditions { $0.server = .absent }, .noServer),
            (conditions { $0.server = .failed }, .noServer),
            // The first reason in the order wins: a standby says nothing of the rest.
            (
                conditions {
                    $0.isActive = false
                    $0.isEnabled = false
                    $0.server = .absent
                }, .standby
            ),
            (
                conditions {
                    $0.isEnabled = false
                    $0.absence = .sessionLocked
                },
                .turnedOff(
                    path: "/home/ana/.config/feels/notifier.conf")
            ),
            (
                conditions {
                    $0.absence = .screenSaverActive("org.gnome.ScreenSaver")
                    $0.server = .absent
                },
                .away(
                    .screenSaverActive("org.gnome.ScreenSaver"))
            ),
        ] as [(NotifierConditions, WaitReason?)])
    func theNotifierAsksForATipOnlyWhenNothingLocalHoldsItBack(conditions: NotifierConditions, reason: WaitReason?) {
        #expect(conditions.reasonToWait == reason)
    }

    @Test func waitReasonsReadAsTheLogLinesTheREADMEQuotes() {
        let until = Instant(secondsSinceEpoch: 1_796_128_910)
        #expect(
            WaitReason.windowClosed(until: until).description
                == "Waiting: the display window is closed until 2026-12-01T12:41:50Z")
        #expect(WaitReason.away(.sessionLocked).description == "Waiting: the screen is locked (logind's LockedHint)")
        #expect(WaitReason.noServer.description == "Waiting: no notification server")
        #expect(
            WaitReason.turnedOff(path: "/c/feels/notifier.conf").description
                == "Tip notifications are turned off in '/c/feels/notifier.conf'")
    }

    @Test func aTipBecomesALowUrgencyNotificationOfFeelsWithItsIcon() {
        let content = TipNotificationContent.make(
            title: "View Your History", message: "Switch views <now> & see.", icon: "x-office-calendar",
            capabilities: ["body", "body-markup", "actions"], translate: { "«\($0)»" })
        #expect(content.summary == "View Your History")
        #expect(content.body == "Switch views &lt;now&gt; &amp; see.")
        #expect(content.icon == "x-office-calendar")
        #expect(content.desktopEntry == "org.feels.Tips")
        #expect(content.category == "x-feels.tip")
        #expect(content.urgency == .low)
        #expect(
            content.actions == [
                NotificationAction(id: "default", label: "«Got it»"),
                NotificationAction(id: "disable", label: "«Turn off tips»"),
            ])
    }

    @Test func aServerWithoutMarkupOrActionsGetsThePlainMessageAndNoButtons() {
        let content = TipNotificationContent.make(
            title: "T", message: "a < b & 'c'", icon: "i", capabilities: ["body"], translate: { $0 })
        #expect(content.body == "a < b & 'c'")
        #expect(content.actions.isEmpty)
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
