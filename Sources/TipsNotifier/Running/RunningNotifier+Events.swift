extension RunningNotifier {
    /// Logs every event of the notifier, each at its level: what it showed and did as notices, what failed as
    /// warnings, what it waits for and sees as information.
    public func logEvents() {
        notifier.onEvent = { [log] event in
            switch event {
            case .shown, .shownAgain, .handedToApp, .withdrawn, .replaced, .turnedOffFromNotification,
                .settingsChanged, .becameActive, .standingBy, .appStarted:
                log.notice(event.description)
            case .notifyFailed, .notifyUnanswered, .appActivationFailed, .problem:
                log.warning(event.description)
            case .anotherNotifierIsActive, .waiting, .withdrawalPending, .clickedWithoutApp, .closed,
                .serviceAppeared, .serviceVanished, .serverAppeared, .serverVanished:
                log.info(event.description)
            }
        }
    }
}
