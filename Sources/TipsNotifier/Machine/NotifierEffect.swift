import TipsCore

/// What ``NotifierMachine`` asks the runtime to do; every call goes out without blocking, and its answer comes back
/// as a ``NotifierInput``.
enum NotifierEffect: Equatable, Sendable {
    /// `GetCapabilities` of the server (which starts one that is installed but not running).
    case askCapabilities
    /// `ClaimNotificationTip` of the service.
    case claim
    /// `Notify` with this content, for the tip, replacing the notification with that id (0 for none).
    case notify(TipID, NotificationContent, replacing: UInt32)
    /// `CloseNotification` of the notification with this id.
    case close(UInt32)
    /// `ReleaseNotificationTip(tip, shown)` of the service.
    case release(TipID, shown: Bool)
    /// `org.freedesktop.Application.ActivateAction("show-tip", [<tip>], platform data)` of the Feels app, with the
    /// server's activation token when it sent one.
    case activateApp(TipID, activationToken: String?)
    /// Writes `Enabled=false` into the opt-out file.
    case turnOff
    /// Sets the wall-clock alarm to the instant (the end of the display window).
    case setAlarm(Instant)
    /// Cancels the wall-clock alarm.
    case cancelAlarm
    /// Starts the retry timer; `retry` comes after the duration.
    case retry(after: Duration)
    /// Starts `--once`'s wait for the user's answer; `outcomeWaitEnded` comes after it.
    case waitForOutcome
    /// Says something worth a log line.
    case report(NotifierEvent)
    /// Done: stop the loop.
    case finish
}
