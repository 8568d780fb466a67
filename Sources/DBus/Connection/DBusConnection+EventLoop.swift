extension DBusConnection {
    /// Attaches the connection to `loop`: the socket becomes one watch of the loop, read and dispatched as it
    /// becomes readable and written as it takes more, and the pending calls' timeouts become one timer.
    ///
    /// Call once, on the loop's thread. The connection keeps the loop alive until it is closed.
    ///
    /// - Parameter loop: The loop, such as a `PollLoop`.
    public func attach(to loop: some DBusEventLoop) {
        guard let transport else { return }
        if self.loop != nil {
            detachFromLoop()
        }
        self.loop = loop
        if !lost {
            watchedEvents = wantedEvents
            watchSource = loop.addWatch(fd: transport.descriptor, events: watchedEvents) { [weak self] events in
                self?.handleWatch(events)
            }
        }
        armTimeoutTimer()
        // Messages may have arrived before the loop was attached (NameAcquired, for one).
        if hasIncoming || lost {
            scheduleDispatch()
        }
    }

    /// Removes the connection's watch and timer from its loop.
    func detachFromLoop() {
        guard let loop else { return }
        if let watchSource {
            loop.removeWatch(watchSource)
        }
        if let timeoutTimer {
            loop.removeTimer(timeoutTimer.id)
        }
        watchSource = nil
        timeoutTimer = nil
        self.loop = nil
    }

    /// Runs dispatch from the loop soon, once however often it is asked for before it runs.
    func scheduleDispatch() {
        guard let loop, !dispatchScheduled else { return }
        dispatchScheduled = true
        loop.scheduleIdle { [weak self] in
            self?.dispatchPending()
        }
    }

    /// What the watch waits for: input always, and room to write while bytes are queued.
    private var wantedEvents: WatchEvents {
        guard let transport, !lost else { return [] }
        return transport.wantsToWrite ? [.readable, .writable] : .readable
    }

    /// Makes the watch wait for what is wanted now.
    func updateWatch() {
        guard let loop, let watchSource else { return }
        let wanted = wantedEvents
        guard wanted != watchedEvents else { return }
        watchedEvents = wanted
        loop.updateWatch(watchSource, events: wanted)
    }

    /// Writes, reads and dispatches what the socket's events allow: dispatch runs here, not from an idle callback a
    /// loop iteration later.
    private func handleWatch(_ events: WatchEvents) {
        if events.contains(.writable) {
            writeQueued()
        }
        if !events.isDisjoint(with: [.readable, .error, .hangup]) {
            readAvailable()
        }
        if hasIncoming || lost {
            dispatchPending()
        }
        updateWatch()
    }

    // MARK: - Timeouts

    /// Sets the loop's timer for the first pending call to time out, if it is not set for that already.
    func armTimeoutTimer() {
        guard let loop, let first = pendingCalls.values.lazy.map(\.deadline).min() else { return }
        if let timeoutTimer {
            guard first < timeoutTimer.deadline else { return }
            loop.removeTimer(timeoutTimer.id)
        }
        let interval = Duration.nanoseconds(max(0, first - PollLoop.monotonicNow()))
        let id = loop.addTimer(interval: interval, repeating: false) { [weak self] in
            guard let self else { return }
            self.timeoutTimer = nil
            self.failTimedOutCalls()
            self.armTimeoutTimer()
        }
        timeoutTimer = (id, first)
    }

    /// Removes the loop's timer once no call waits for a reply: it would wake an idle program for nothing.
    func disarmTimeoutTimerIfIdle() {
        guard pendingCalls.isEmpty, let timeoutTimer else { return }
        loop?.removeTimer(timeoutTimer.id)
        self.timeoutTimer = nil
    }

    /// Ends every pending call whose time is up with `org.freedesktop.DBus.Error.NoReply`, in the order they were
    /// sent.
    func failTimedOutCalls() {
        let now = PollLoop.monotonicNow()
        let due = pendingCalls.filter { $0.value.deadline <= now }.keys.sorted()
        for serial in due {
            guard let call = pendingCalls.removeValue(forKey: serial) else { continue }
            call.fail(.remote(name: PendingReply.noReply, message: PendingReply.noReplyMessage))
        }
    }
}
