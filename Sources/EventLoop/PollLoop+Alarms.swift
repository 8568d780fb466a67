import CSystem
import DBus
import Glibc

extension PollLoop {
    /// Runs `handler` once when the wall clock reaches `microsecondsSinceEpoch`.
    ///
    /// The loop sleeps for the time left according to the wall clock, re-checks on waking and sleeps again when early,
    /// so it follows a faked clock (libfaketime) too. A realtime timerfd with `TFD_TIMER_CANCEL_ON_SET` wakes the loop
    /// when the system clock is set or the machine resumes, so the wait is recomputed.
    ///
    /// - Parameters:
    ///   - microsecondsSinceEpoch: When to fire, on the wall clock; an instant in the past fires on the next iteration.
    ///   - handler: Called once.
    /// - Returns: An identifier for `cancelAlarm(_:)`.
    @discardableResult
    public func setAlarm(atMicrosecondsSinceEpoch microsecondsSinceEpoch: Int64, handler: @escaping () -> Void)
        -> LoopSourceID
    {
        let id = makeID()
        alarms[id] = Alarm(deadline: microsecondsSinceEpoch, handler: handler)
        openClockChangeTimer()
        return id
    }

    /// Cancels an alarm that has not fired yet.
    public func cancelAlarm(_ id: LoopSourceID) {
        alarms[id] = nil
    }

    /// Calls `handler` whenever the wall clock is set (by hand, by NTP stepping it) or the machine resumes from
    /// suspend: the moments at which anything computed from the wall clock must be computed again.
    public func addClockChangeHandler(_ handler: @escaping () -> Void) {
        clockChangeHandlers.append(handler)
        openClockChangeTimer()
    }

    func rearmClockChangeTimer() {
        var expirations: UInt64 = 0
        // ECANCELED here means the clock was set: the wait is recomputed on the way back into epoll_wait(2).
        let cancelled = read(clockChangeFD, &expirations, MemoryLayout<UInt64>.size) < 0 && errno == ECANCELED
        armClockChangeTimer()
        if cancelled {
            for handler in clockChangeHandlers {
                handler()
            }
        }
    }

    private func openClockChangeTimer() {
        guard clockChangeFD < 0 else { return }
        clockChangeFD = timerfd_create(CLOCK_REALTIME, CSYSTEM_TFD_NONBLOCK | CSYSTEM_TFD_CLOEXEC)
        sleepOn(clockChangeFD)
        armClockChangeTimer()
    }

    private func armClockChangeTimer() {
        guard clockChangeFD >= 0 else { return }
        var spec = itimerspec()
        // A fixed date far ahead (2200-01-01): never reached, and independent of any faked clock.
        spec.it_value.tv_sec = 7_258_118_400
        _ = timerfd_settime(clockChangeFD, CSYSTEM_TFD_TIMER_ABSTIME | CSYSTEM_TFD_TIMER_CANCEL_ON_SET, &spec, nil)
    }
}
