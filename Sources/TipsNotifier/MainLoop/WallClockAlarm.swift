import CSystem
import DBus
import Glibc
import TipsCore

/// One alarm on the wall clock: a `CLOCK_REALTIME` timerfd set to an absolute instant, watched through the loop.
///
/// GLib's timeouts run on the monotonic clock, which stops while the machine sleeps, so an instant on the wall clock
/// is kept with a timerfd instead. It is armed with `TFD_TIMER_CANCEL_ON_SET`, so setting the clock (by hand, by NTP
/// stepping it) or resuming from suspend also wakes it, since the instant may then need computing again. While
/// disarmed its descriptor is not polled at all.
final class WallClockAlarm {
    private let loop: any DBusEventLoop
    private let descriptor: Int32
    private let handler: () -> Void
    private var watch: LoopSourceID?

    /// Creates a disarmed alarm.
    ///
    /// - Parameters:
    ///   - loop: The loop that watches the timerfd.
    ///   - handler: Called from the loop when the wall clock reaches the instant, or is set, or the machine resumes,
    ///     before it; the alarm is then disarmed.
    /// - Throws: `WallClockAlarmError` when the timerfd cannot be made.
    init(loop: any DBusEventLoop, handler: @escaping () -> Void) throws(WallClockAlarmError) {
        self.loop = loop
        self.handler = handler
        descriptor = timerfd_create(CLOCK_REALTIME, CSYSTEM_TFD_NONBLOCK | CSYSTEM_TFD_CLOEXEC)
        guard descriptor >= 0 else { throw WallClockAlarmError(reason: String(cString: strerror(errno))) }
    }

    deinit {
        if let watch { loop.removeWatch(watch) }
        close(descriptor)
    }

    /// Sets the alarm for `instant`, replacing any earlier setting; an instant already past fires at once.
    ///
    /// - Throws: `WallClockAlarmError` when the kernel refuses the setting.
    func set(_ instant: Instant) throws(WallClockAlarmError) {
        var spec = itimerspec()
        // A zero it_value disarms a timerfd: the epoch itself is a nanosecond later, and long past all the same.
        let seconds = max(0, instant.secondsSinceEpoch)
        let nanoseconds = instant.microsecondsSinceEpoch > 0 ? (instant.microsecondsSinceEpoch % 1_000_000) * 1_000 : 1
        spec.it_value.tv_sec = time_t(seconds)
        spec.it_value.tv_nsec = Int(nanoseconds)
        guard
            timerfd_settime(
                descriptor, CSYSTEM_TFD_TIMER_ABSTIME | CSYSTEM_TFD_TIMER_CANCEL_ON_SET, &spec, nil) == 0
        else { throw WallClockAlarmError(reason: String(cString: strerror(errno))) }
        if watch == nil {
            watch = loop.addWatch(fd: descriptor, events: .readable) { [weak self] _ in self?.wake() }
        }
    }

    /// Disarms the alarm; its handler is not called until it is set again.
    func cancel() {
        var spec = itimerspec()
        _ = timerfd_settime(descriptor, 0, &spec, nil)
        if let watch {
            loop.removeWatch(watch)
            self.watch = nil
        }
    }

    private func wake() {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        // EAGAIN: woken for nothing (a disarmed or re-set timer); stay as we are. ECANCELED: the clock was set.
        if count < 0 && errno == EAGAIN { return }
        cancel()
        handler()
    }
}

/// The wall-clock alarm's timerfd could not be made or set.
struct WallClockAlarmError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the kernel said.
    let reason: String

    /// "Cannot set the wall-clock alarm: …".
    var description: String { "Cannot set the wall-clock alarm: \(reason)" }
}
