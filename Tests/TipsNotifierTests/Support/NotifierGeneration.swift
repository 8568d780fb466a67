import Foundation

/// Which notifier the tests on real servers hold to: today's, or the one issue 14 asks for.
///
/// Today's notifier sends urgency low, offers a default action ("Got it") whatever is installed, and records
/// `actionPerformed` on a click and `tipClosed` on a dismissal. Issue 14's sends urgency normal, offers a default
/// action only when the Feels app is installed and hands the click to it (`ActivateAction("show-tip", [id], …)`),
/// records nothing on a dismissal or a click, and follows Xfce's do-not-disturb as silence. The tests that differ
/// check one or the other by this switch, so each always checks something real.
///
/// To switch the checks for issue 14 on: set ``issue14Landed`` to `true` when that notifier lands (or run with
/// `FEELS_TESTS_NOTIFIER=issue14` to try them on a branch before).
enum NotifierGeneration {
    /// Whether the notifier of issue 14 is the one in this tree.
    static let issue14Landed = false

    /// Whether the tests check issue 14's behaviour rather than today's.
    static let issue14 = issue14Landed || ProcessInfo.processInfo.environment["FEELS_TESTS_NOTIFIER"] == "issue14"
}
