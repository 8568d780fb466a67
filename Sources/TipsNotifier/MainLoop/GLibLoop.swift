import CGio
import DBus

/// GLib's default main context as a `DBusEventLoop`, so that our `DBusConnection` and GSettings (which tells of
/// changes on the same context) share one main loop on the main thread.
///
/// Watches are `g_unix_fd_add_full` sources, timers `g_timeout_add_full`, idle callbacks `g_idle_add_full`. A watch
/// with no events is not polled at all, and nothing ticks while the loop is idle: when no source is due, GLib sleeps
/// in poll(2) until a descriptor is ready. Use the loop from the thread that runs it.
final class GLibLoop: DBusEventLoop {
    struct Watch {
        let fd: Int32
        var events: WatchEvents
        let callback: LoopCallback
        /// The GLib source while the watch waits for something; `0` while it waits for nothing.
        var source: guint
    }

    var watches: [LoopSourceID: Watch] = [:]
    var timers: [LoopSourceID: guint] = [:]
    private let mainLoop: OpaquePointer
    private var nextID: UInt64 = 1
    private var stopRequested = false

    /// Creates a loop on GLib's default main context.
    init() {
        mainLoop = g_main_loop_new(nil, CGIO_FALSE)
    }

    deinit {
        for watch in watches.values where watch.source != 0 {
            g_source_remove(watch.source)
        }
        for source in timers.values {
            g_source_remove(source)
        }
        g_main_loop_unref(mainLoop)
    }

    func makeID() -> LoopSourceID {
        defer { nextID += 1 }
        return LoopSourceID(rawValue: nextID)
    }

    // MARK: - Running

    /// Runs the loop until ``stop()`` is called from one of its handlers; returns at once when ``stop()`` was
    /// called before.
    func run() {
        // g_main_loop_run forgets a quit that came before it.
        if !stopRequested { g_main_loop_run(mainLoop) }
        stopRequested = false
    }

    /// Makes ``run()`` return once the current handler returns, or at once if it is not running yet.
    func stop() {
        stopRequested = true
        g_main_loop_quit(mainLoop)
    }

    // MARK: - Watches

    /// Starts watching `fd`; see `DBusEventLoop.addWatch(fd:events:handler:)`.
    @discardableResult
    func addWatch(fd: Int32, events: WatchEvents, handler: @escaping (WatchEvents) -> Void) -> LoopSourceID {
        let id = makeID()
        let callback = LoopCallback {
            handler($0)
            return true
        }
        watches[id] = Watch(fd: fd, events: events, callback: callback, source: addSource(fd: fd, events, callback))
        return id
    }

    /// Changes what a watch waits for; an empty set stops polling its descriptor.
    func updateWatch(_ id: LoopSourceID, events: WatchEvents) {
        guard var watch = watches[id], watch.events != events else { return }
        // A GUnixFDSource's condition is fixed when it is made: replace the source.
        if watch.source != 0 { g_source_remove(watch.source) }
        watch.events = events
        watch.source = addSource(fd: watch.fd, events, watch.callback)
        watches[id] = watch
    }

    /// Stops a watch; its handler is never called again.
    func removeWatch(_ id: LoopSourceID) {
        guard let watch = watches.removeValue(forKey: id) else { return }
        if watch.source != 0 { g_source_remove(watch.source) }
    }

    private func addSource(fd: Int32, _ events: WatchEvents, _ callback: LoopCallback) -> guint {
        var condition: UInt32 = 0
        if events.contains(.readable) { condition |= G_IO_IN.rawValue }
        if events.contains(.writable) { condition |= G_IO_OUT.rawValue }
        guard condition != 0 else { return 0 }
        return g_unix_fd_add_full(
            CGIO_PRIORITY_DEFAULT, fd, GIOCondition(rawValue: condition),
            { _, condition, data in
                guard let data else { return CGIO_SOURCE_REMOVE }
                var events: WatchEvents = []
                if condition.rawValue & G_IO_IN.rawValue != 0 { events.insert(.readable) }
                if condition.rawValue & G_IO_OUT.rawValue != 0 { events.insert(.writable) }
                if condition.rawValue & (G_IO_ERR.rawValue | G_IO_NVAL.rawValue) != 0 { events.insert(.error) }
                if condition.rawValue & G_IO_HUP.rawValue != 0 { events.insert(.hangup) }
                return LoopCallback.from(data).fire(events) ? CGIO_SOURCE_CONTINUE : CGIO_SOURCE_REMOVE
            }, callback.retainedPointer(), LoopCallback.release)
    }

    // MARK: - Timers and idle callbacks

    /// Starts a timer on the monotonic clock; see `DBusEventLoop.addTimer(interval:repeating:handler:)`.
    @discardableResult
    func addTimer(interval: Duration, repeating: Bool, handler: @escaping () -> Void) -> LoopSourceID {
        let id = makeID()
        let callback = LoopCallback(timer: { [weak self] in
            if !repeating { self?.timers[id] = nil }
            handler()
            return repeating
        })
        timers[id] = g_timeout_add_full(
            CGIO_PRIORITY_DEFAULT, Self.milliseconds(interval), LoopCallback.sourceFunction, callback.retainedPointer(),
            LoopCallback.release)
        return id
    }

    /// Stops a timer; its handler is never called again.
    func removeTimer(_ id: LoopSourceID) {
        guard let source = timers.removeValue(forKey: id) else { return }
        g_source_remove(source)
    }

    /// Runs `handler` once, from the loop, before it sleeps again.
    func scheduleIdle(_ handler: @escaping () -> Void) {
        let callback = LoopCallback(timer: {
            handler()
            return false
        })
        // Default priority, not idle priority: D-Bus dispatch must not wait behind anything else that is ready.
        g_idle_add_full(
            CGIO_PRIORITY_DEFAULT, LoopCallback.sourceFunction, callback.retainedPointer(), LoopCallback.release)
    }

    static func milliseconds(_ duration: Duration) -> guint {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let milliseconds = seconds.multipliedReportingOverflow(by: 1_000)
        guard !milliseconds.overflow else { return guint.max }
        return guint(clamping: milliseconds.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
