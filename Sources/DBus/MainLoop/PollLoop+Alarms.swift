import CDBus
import Foundation
import Glibc

extension PollLoop {
    /// Runs `handler` once when the wall clock reaches `date`.
    ///
    /// The loop sleeps for the time left according to `Date()`, re-checks on waking and sleeps again when early, so
    /// it follows a faked clock (libfaketime) too. A realtime timerfd with `TFD_TIMER_CANCEL_ON_SET` wakes the loop
    /// when the system clock is set or the machine resumes, so the wait is recomputed.
    ///
    /// - Parameters:
    ///   - date: When to fire; a date in the past fires on the next iteration.
    ///   - handler: Called once.
    /// - Returns: An identifier for `cancelAlarm(_:)`.
    @discardableResult
    public func setAlarm(at date: Date, handler: @escaping () -> Void) -> LoopSourceID {
        let id = makeID()
        alarms[id] = Alarm(date: date, handler: handler)
        if clockChangeFD < 0 {
            clockChangeFD = timerfd_create(CLOCK_REALTIME, CDBUS_TFD_NONBLOCK | CDBUS_TFD_CLOEXEC)
            armClockChangeTimer()
        }
        return id
    }

    /// Cancels an alarm that has not fired yet.
    public func cancelAlarm(_ id: LoopSourceID) {
        alarms[id] = nil
    }

    func rearmClockChangeTimer() {
        var expirations: UInt64 = 0
        // ECANCELED here means the clock was set: the wait is recomputed on the way back into poll.
        _ = read(clockChangeFD, &expirations, MemoryLayout<UInt64>.size)
        armClockChangeTimer()
    }

    private func armClockChangeTimer() {
        guard clockChangeFD >= 0 else { return }
        var spec = itimerspec()
        // A fixed date far ahead (2200-01-01): never reached, and independent of any faked clock.
        spec.it_value.tv_sec = 7_258_118_400
        _ = timerfd_settime(clockChangeFD, CDBUS_TFD_TIMER_ABSTIME | CDBUS_TFD_TIMER_CANCEL_ON_SET, &spec, nil)
    }
}
