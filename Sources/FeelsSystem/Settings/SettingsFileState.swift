/// What the notifier's settings file says, read once: whether it exists, the settings, and why it cannot be used if it
/// cannot. `feels-tips-notifier` and `feels-tips status` both read the file through this, so they never disagree.
public struct SettingsFileState: Equatable, Sendable {
    /// The file.
    public let path: String
    /// Whether there is a file (a dangling symbolic link is none); without one, notifications are on.
    public let exists: Bool
    /// Why the file cannot be used: not a regular file, over ``NotificationSettings/sizeLimit``, unreadable, or an
    /// invalid value.
    public let problem: SettingsError?
    private let stored: NotificationSettings

    /// Reads the file at `path`, without ever blocking on it (see ``RegularFile/read(_:limit:)``).
    public init(path: String) {
        self.path = path
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: NotificationSettings.sizeLimit)
        } catch {
            (exists, stored, problem) = (
                true, NotificationSettings(enabled: false), .cannotRead(path: path, reason: "\(error)")
            )
            return
        }
        exists = bytes != nil
        do {
            stored =
                try bytes.map { bytes throws(SettingsError) in try NotificationSettings(keyFile: bytes, path: path) }
                ?? NotificationSettings()
            problem = nil
        } catch {
            (stored, problem) = (NotificationSettings(enabled: false), error)
        }
    }

    /// Whether tip notifications may be shown: the file's `Enabled`, on without a file, and off while the file cannot
    /// be used, since a file the user wrote to say something is not taken as consent.
    public var enabled: Bool {
        problem == nil && stored.enabled
    }

    /// The settings the file holds.
    ///
    /// - Throws: ``problem``, when there is one.
    public var settings: NotificationSettings {
        get throws(SettingsError) {
            if let problem { throw problem }
            return stored
        }
    }
}
