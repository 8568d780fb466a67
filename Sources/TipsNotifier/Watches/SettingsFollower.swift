import DBus
import FeelsSystem

/// Follows the opt-out file (``NotificationSettings``): reads it as `feels-tips status` does (``SettingsFileState``),
/// and reads it again whenever it, its folder or a link's target is created, replaced, written or removed
/// (``PathWatch``).
final class SettingsFollower {
    /// The file, `$XDG_CONFIG_HOME/feels/notifier.conf`.
    let path: String
    /// Whether tip notifications may be shown: the file's `Enabled`, false while the file cannot be read or holds
    /// an invalid value.
    private(set) var enabled: Bool
    /// Why the file could not be used, if it could not.
    private(set) var problem: SettingsError?
    /// Called from the loop when ``enabled`` or ``problem`` changes.
    var onChange: (() -> Void)?
    private let watch: PathWatch
    private let loop: any DBusEventLoop
    private var source: LoopSourceID?

    /// Reads the file and starts following it; creates its folder (mode 0700) when missing, so that the watch starts
    /// on the folder itself rather than on a folder above, where other files come and go. A folder removed later is
    /// followed until it is back, and not made again.
    ///
    /// - Throws: `NotifierError` when the folder cannot be created or watched.
    init(path: String, loop: any DBusEventLoop) throws(NotifierError) {
        self.path = path
        self.loop = loop
        do {
            try RegularFile.createFolders(of: path)
            watch = try PathWatch(path: path)
        } catch {
            throw NotifierError(description: "\(error)")
        }
        (enabled, problem) = Self.read(path)
        source = loop.addWatch(fd: watch.descriptor, events: .readable) { [weak self] _ in
            guard let self, self.watch.drainEvents() else { return }
            self.reload()
        }
    }

    deinit {
        if let source { loop.removeWatch(source) }
    }

    /// Writes `enabled` to the file (through a symbolic link, to its target); the change comes back through the watch
    /// as well.
    ///
    /// - Throws: `SettingsError` when the file cannot be written.
    func save(enabled: Bool) throws(SettingsError) {
        try NotificationSettings(enabled: enabled).save(to: path)
        reload()
    }

    private func reload() {
        let (enabled, problem) = Self.read(path)
        guard enabled != self.enabled || problem != self.problem else { return }
        self.enabled = enabled
        self.problem = problem
        onChange?()
    }

    private static func read(_ path: String) -> (Bool, SettingsError?) {
        let state = SettingsFileState(path: path)
        return (state.enabled, state.problem)
    }
}
