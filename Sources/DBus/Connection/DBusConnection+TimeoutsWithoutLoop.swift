import CDBus

// libdbus's dbus_connection_read_write_dispatch never fires the connection's timeouts: a call the peer drops would
// wait forever for its NoReply. Until the connection is attached to a loop, these functions keep the timeouts'
// deadlines so that readWriteDispatch can fire them.
extension DBusConnection {
    /// Keeps libdbus's timeouts in `timeoutDeadlines`, for a connection not attached to an event loop.
    func keepTimeoutsWithoutLoop(_ raw: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_timeout_functions(
            raw,
            { timeout, context in
                guard let timeout, let context else { return 0 }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().scheduleWithoutLoop(timeout)
                return 1
            },
            { timeout, context in
                guard let timeout, let context else { return }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().timeoutDeadlines[timeout] = nil
            },
            { timeout, context in
                guard let timeout, let context else { return }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().scheduleWithoutLoop(timeout)
            }, context, nil)
    }

    /// The longest `readWriteDispatch` may block so that the next timeout is fired on time.
    func waitBeforeNextTimeout(atMost timeout: Duration?) -> Duration? {
        guard let next = timeoutDeadlines.values.min() else { return timeout }
        let untilNext = Duration.nanoseconds(max(0, next - MonotonicTime.now()))
        return timeout.map { min($0, untilNext) } ?? untilNext
    }

    /// Fires every timeout that is due; a pending call's timeout queues its NoReply error for dispatch.
    func fireDueTimeoutsWithoutLoop() {
        let now = MonotonicTime.now()
        for (timeout, deadline) in timeoutDeadlines where deadline <= now {
            // A timeout an earlier one's handler removed is freed: only those still kept are fired.
            guard timeoutDeadlines[timeout] != nil else { continue }
            // libdbus removes a pending call's timeout as it fires; any other repeats after its interval.
            scheduleWithoutLoop(timeout)
            dbus_timeout_handle(timeout)
        }
    }

    private func scheduleWithoutLoop(_ timeout: OpaquePointer) {
        timeoutDeadlines[timeout] =
            dbus_timeout_get_enabled(timeout) != 0
            ? MonotonicTime.now() + Int64(dbus_timeout_get_interval(timeout)) * 1_000_000 : nil
    }
}
