import CDBus
import Glibc

extension DBusConnection {
    /// Attaches the connection to `loop`: libdbus's watches become loop watches, its timeouts one loop timer set for the
    /// earliest, and incoming messages are dispatched from the loop's idle callbacks.
    ///
    /// Call once, on the loop's thread. The connection keeps the loop alive until it is closed.
    ///
    /// - Parameter loop: The loop, such as a `PollLoop`.
    public func attach(to loop: some DBusEventLoop) {
        guard let raw else { return }
        if self.loop != nil {
            detachFromLoop(raw)
        }
        self.loop = loop
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(
            raw,
            { watch, context in
                guard let watch, let context else { return 0 }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().addWatch(watch)
                return 1
            },
            { watch, context in
                guard let watch, let context else { return }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().removeWatch(watch)
            },
            { watch, context in
                guard let watch, let context else { return }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().updateWatch(watch)
            }, context, nil)
        dbus_connection_set_dispatch_status_function(
            raw,
            { _, status, context in
                guard let context, status == DBUS_DISPATCH_DATA_REMAINS else { return }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().scheduleDispatch()
            }, context, nil)
        dbus_connection_set_wakeup_main_function(
            raw,
            { context in
                guard let context else { return }
                Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue().scheduleDispatch()
            }, context, nil)
        // Calls may wait for their timeouts, and messages may have arrived, before the loop was attached.
        setTimeoutTimer()
        scheduleDispatch()
    }

    /// Removes every loop source and callback libdbus holds for this connection.
    func detachFromLoop(_ raw: OpaquePointer) {
        guard loop != nil else { return }
        // Setting new functions makes libdbus remove every watch through the old ones first.
        dbus_connection_set_watch_functions(raw, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(raw, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(raw, nil, nil, nil)
        for source in watchSources.values {
            loop?.removeWatch(source)
        }
        if let timeoutTimer {
            loop?.removeTimer(timeoutTimer)
        }
        watchSources.removeAll()
        timeoutTimer = nil
        loop = nil
    }

    /// Runs dispatch from the loop soon, once however often it is asked for before it runs.
    func scheduleDispatch() {
        guard let loop, !dispatchScheduled else { return }
        dispatchScheduled = true
        loop.scheduleIdle { [weak self] in
            self?.dispatchPending()
        }
    }

    /// Takes every method call read into ``waitingCalls`` (`Peer`'s too, which libdbus would answer as it dispatched
    /// them: a flood of pings then waits its turn like any other call), dispatches the other messages, and serves the
    /// calls waiting while the socket takes every reply as it is sent; the rest once libdbus has written out what the
    /// socket left it (the watch's writable event schedules this again).
    func dispatchPending() {
        dispatchScheduled = false
        while let raw, let head = dbus_connection_borrow_message(raw) {
            guard dbus_message_get_type(head) == CDBUS_MESSAGE_TYPE_METHOD_CALL else {
                dbus_connection_return_message(raw, head)
                dbus_connection_dispatch(raw)
                continue
            }
            dbus_connection_steal_borrowed_message(raw, head)
            let call = DBusMessage(taking: head)
            waitingCalls.append(call, from: call.sender ?? "")
        }
        serveWaitingCalls()
    }

    // MARK: - Watches

    private static func events(of watch: OpaquePointer) -> WatchEvents {
        dbus_watch_get_enabled(watch) != 0 ? WatchEvents(rawValue: dbus_watch_get_flags(watch)) : []
    }

    private func addWatch(_ watch: OpaquePointer) {
        guard let loop else { return }
        let fd = dbus_watch_get_unix_fd(watch)
        watchSources[watch] = loop.addWatch(fd: fd, events: Self.events(of: watch)) { [weak self] events in
            self?.handleWatch(watch, events: events)
        }
    }

    private func removeWatch(_ watch: OpaquePointer) {
        guard let source = watchSources.removeValue(forKey: watch) else { return }
        loop?.removeWatch(source)
    }

    private func updateWatch(_ watch: OpaquePointer) {
        guard let source = watchSources[watch] else { return }
        loop?.updateWatch(source, events: Self.events(of: watch))
    }

    private func handleWatch(_ watch: OpaquePointer, events: WatchEvents) {
        dbus_watch_handle(watch, events.rawValue)
        if events.contains(.readable) {
            readOn(watch)
        }
        if let raw, dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS || !waitingCalls.isEmpty {
            scheduleDispatch()
        }
    }

    /// Reads on while the socket has more, up to ``readBurst`` more times: libdbus reads a few KiB a turn, and the
    /// calls a flooding client has queued in the bus ahead of another client's must all be read before that one is.
    private func readOn(_ watch: OpaquePointer) {
        let descriptor = dbus_watch_get_unix_fd(watch)
        for _ in 0..<Self.readBurst {
            guard dbus_watch_get_enabled(watch) != 0, watchSources[watch] != nil else { return }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0, poller.revents & Int16(POLLIN) != 0 else { return }
            dbus_watch_handle(watch, DBUS_WATCH_READABLE.rawValue)
        }
    }
}
