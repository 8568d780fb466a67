extension RunningNotifier {
    /// Says what it starts with, starts the notifier, and says whether GNOME's notification settings are followed.
    ///
    /// - Throws: ``NotifierError`` when the notifier cannot start.
    public func start() throws(NotifierError) {
        log.info(
            "Started as \(connection.uniqueName)\(options.once ? " for one look" : ""): settings '\(settingsPath)', "
                + "languages '\(languages.map(\.text).joined(separator: ":"))'")
        do {
            try notifier.start()
        } catch {
            throw NotifierError(description: "Failed to start: \(error)")
        }
        if let entry = notifier.followedGNOMEEntry {
            log.info("Following GNOME's notification settings, and those of '\(entry)'")
        } else {
            log.info(
                "Not a GNOME session, or GNOME's notification settings are not installed; not following them"
            )
        }
    }
}
