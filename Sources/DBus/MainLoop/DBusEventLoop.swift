import CDBus

/// The events a file-descriptor watch waits for or reports: libdbus's watch flags, so that a connection hands them
/// between libdbus and its loop as they are.
public struct WatchEvents: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt32

    /// Creates events from raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The descriptor can be read without blocking.
    public static let readable = WatchEvents(rawValue: DBUS_WATCH_READABLE.rawValue)
    /// The descriptor can be written without blocking.
    public static let writable = WatchEvents(rawValue: DBUS_WATCH_WRITABLE.rawValue)
    /// An error condition (reported only, never requested).
    public static let error = WatchEvents(rawValue: DBUS_WATCH_ERROR.rawValue)
    /// The peer hung up (reported only, never requested).
    public static let hangup = WatchEvents(rawValue: DBUS_WATCH_HANGUP.rawValue)
}

/// Identifies a watch, timer, alarm or signal handler registered with an event loop.
public struct LoopSourceID: Hashable, Sendable {
    /// A number unique within the loop that issued it.
    public let rawValue: UInt64

    /// Creates an identifier.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }
}

/// The main loop a `DBusConnection` plugs into: descriptor watches, timers and idle callbacks.
///
/// `PollLoop` implements it on epoll(7); a GLib main loop can implement it with `g_unix_fd_add`, `g_timeout_add` and
/// `g_idle_add`. Every method is called on the loop's own thread, and every handler must run there too.
public protocol DBusEventLoop: AnyObject {
    /// Starts watching `fd`.
    ///
    /// - Parameters:
    ///   - fd: The descriptor.
    ///   - events: What to wait for; an empty set registers the watch disabled (not polled at all).
    ///   - handler: Called with the events that occurred; error and hangup are reported even when not requested.
    /// - Returns: An identifier for `updateWatch` and `removeWatch`.
    func addWatch(fd: Int32, events: WatchEvents, handler: @escaping (WatchEvents) -> Void) -> LoopSourceID

    /// Changes what a watch waits for; an empty set disables it.
    func updateWatch(_ id: LoopSourceID, events: WatchEvents)

    /// Stops a watch; its handler is never called again, even for events already reported in this iteration.
    func removeWatch(_ id: LoopSourceID)

    /// Starts a timer on the monotonic clock.
    ///
    /// - Parameters:
    ///   - interval: Time until the first firing, and between firings when repeating.
    ///   - repeating: Whether the timer fires again every `interval` until removed.
    ///   - handler: Called when the timer fires.
    /// - Returns: An identifier for `removeTimer`.
    func addTimer(interval: Duration, repeating: Bool, handler: @escaping () -> Void) -> LoopSourceID

    /// Stops a timer; its handler is never called again.
    func removeTimer(_ id: LoopSourceID)

    /// Runs `handler` once, soon, from the loop (before it sleeps again).
    func scheduleIdle(_ handler: @escaping () -> Void)
}
