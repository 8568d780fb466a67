/// What the notifier knows, before it asks the service anything, about whether a tip may be shown now.
public struct NotifierConditions: Equatable, Sendable {
    /// Whether this notifier owns `org.feels.TipsNotifier`.
    public var isActive = false
    /// The opt-out: whether tip notifications are on.
    public var isEnabled = true
    /// The opt-out file's path.
    public var settingsPath = ""
    /// Why the opt-out file cannot be used, if it cannot.
    public var settingsProblem: String?
    /// Why the user is away, if they are.
    public var absence: PresenceWatch.Absence?
    /// What silences notifications, if anything.
    public var silencer: WaitReason.Silencer?
    /// Whether a notification server runs or can be started.
    public var server: NotificationServerWatch.Availability = .absent

    /// Conditions with every field at its default: inactive, enabled, present, not silenced, no server.
    public init() {}

    /// Why nothing may be shown now, checked in this order (the first that holds is the reason); `nil` when the
    /// notifier may ask the service for a tip.
    public var reasonToWait: WaitReason? {
        if !isActive { return .standby }
        if let settingsProblem { return .unreadableSettings(settingsProblem) }
        if !isEnabled { return .turnedOff(path: settingsPath) }
        if let absence { return .away(absence) }
        if let silencer { return .silenced(silencer) }
        switch server {
        case .running, .activatable: return nil
        case .absent, .failed: return .noServer
        }
    }
}
