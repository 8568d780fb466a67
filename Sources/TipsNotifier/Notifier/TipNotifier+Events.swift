extension TipNotifier {
    /// Logs an event of the notifier at its level: what it showed and did as a notice, what failed as a warning,
    /// what it waits for and sees as information.
    func report(_ event: NotifierEvent) {
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
