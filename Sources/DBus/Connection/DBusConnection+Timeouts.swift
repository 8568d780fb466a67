import CDBus

// libdbus leaves its timeouts (a pending call's, for its NoReply) to the main loop. The connection keeps each with its
// deadline from its opening to its close, and fires those due from one loop timer set for the earliest; without a loop,
// from readWriteDispatch, since libdbus's dbus_connection_read_write_dispatch never fires them.
extension DBusConnection {
    /// Keeps libdbus's timeouts in `timeoutDeadlines`.
    func keepTimeouts(_ raw: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_timeout_functions(
            raw,
            { timeout, context in
                guard let timeout, let context else { return 0 }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().schedule(timeout)
                return 1
            },
            { timeout, context in
                guard let timeout, let context else { return }
                let connection = Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue()
                connection.timeoutDeadlines[timeout] = nil
                connection.setTimeoutTimer()
            },
            { timeout, context in
                guard let timeout, let context else { return }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().schedule(timeout)
            }, context, nil)
    }

    /// Sets the loop's one timer for the earliest deadline, none once no timeout is kept.
    func setTimeoutTimer() {
        guard let loop else { return }
        if let timeoutTimer {
            loop.removeTimer(timeoutTimer)
            self.timeoutTimer = nil
        }
        guard let next = timeoutDeadlines.values.min() else { return }
        let interval = Duration.nanoseconds(max(0, next - MonotonicTime.now()))
        timeoutTimer = loop.addTimer(interval: interval, repeating: false) { [weak self] in
            guard let self else { return }
            timeoutTimer = nil
            fireDueTimeouts()
            setTimeoutTimer()
            scheduleDispatch()
        }
    }

    /// The longest `readWriteDispatch` may block so that the next timeout is fired on time.
    func waitBeforeNextTimeout(atMost timeout: Duration?) -> Duration? {
        guard let next = timeoutDeadlines.values.min() else { return timeout }
        let untilNext = Duration.nanoseconds(max(0, next - MonotonicTime.now()))
        return timeout.map { min($0, untilNext) } ?? untilNext
    }

    /// Fires every timeout that is due; a pending call's timeout queues its NoReply error for dispatch.
    func fireDueTimeouts() {
        let now = MonotonicTime.now()
        for (timeout, deadline) in timeoutDeadlines where deadline <= now {
            // A timeout an earlier one's handler removed is freed: only those still kept are fired.
            guard timeoutDeadlines[timeout] != nil else { continue }
            // libdbus removes a pending call's timeout as it fires; any other repeats after its interval.
            schedule(timeout)
            dbus_timeout_handle(timeout)
        }
    }

    private func schedule(_ timeout: OpaquePointer) {
        timeoutDeadlines[timeout] =
            dbus_timeout_get_enabled(timeout) != 0
            ? MonotonicTime.now() + Int64(dbus_timeout_get_interval(timeout)) * 1_000_000 : nil
        setTimeoutTimer()
    }
}
