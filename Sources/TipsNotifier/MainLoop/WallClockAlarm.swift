import CGio
import DBus
import Glibc
import TipsCore

/// One alarm on the wall clock: a `CLOCK_REALTIME` timerfd set to an absolute instant, watched through the loop.
///
/// GLib's timeouts run on the monotonic clock, which stops while the machine sleeps, so an instant on the wall clock
/// is kept with a timerfd instead. It is armed with `TFD_TIMER_CANCEL_ON_SET`, so setting the clock (by hand, by NTP
/// stepping it) or resuming from suspend also wakes it: the handler is then told to compute the instant again. While
/// disarmed its descriptor is not polled at all.
public final class WallClockAlarm {
    /// Why the alarm's handler was called.
    public enum Wake: Equatable, Sendable {
        /// The wall clock reached the instant.
        case fired
        /// The wall clock was set or the machine resumed before the instant: the instant may need computing again.
        case clockChanged
    }

    /// The instant the alarm is set for; `nil` while disarmed.
    public private(set) var deadline: Instant?
    private let loop: any DBusEventLoop
    private let descriptor: Int32
    private let handler: (Wake) -> Void
    private var watch: LoopSourceID?

    /// Creates a disarmed alarm.
    ///
    /// - Parameters:
    ///   - loop: The loop that watches the timerfd.
    ///   - handler: Called from the loop when the alarm fires or the clock changes; the alarm is then disarmed.
    /// - Throws: `WallClockAlarmError` when the timerfd cannot be made.
    public init(loop: any DBusEventLoop, handler: @escaping (Wake) -> Void) throws(WallClockAlarmError) {
        self.loop = loop
        self.handler = handler
        descriptor = timerfd_create(CLOCK_REALTIME, CGIO_TFD_NONBLOCK | CGIO_TFD_CLOEXEC)
        guard descriptor >= 0 else { throw WallClockAlarmError(reason: String(cString: strerror(errno))) }
    }

    deinit {
        if let watch { loop.removeWatch(watch) }
        close(descriptor)
    }

    /// Sets the alarm for `instant`, replacing any earlier setting; an instant already past fires at once.
    ///
    /// - Throws: `WallClockAlarmError` when the kernel refuses the setting.
    public func set(_ instant: Instant) throws(WallClockAlarmError) {
        var spec = itimerspec()
        // A zero it_value disarms a timerfd: the epoch itself is a nanosecond later, and long past all the same.
        let seconds = max(0, instant.secondsSinceEpoch)
        let nanoseconds = instant.microsecondsSinceEpoch > 0 ? (instant.microsecondsSinceEpoch % 1_000_000) * 1_000 : 1
        spec.it_value.tv_sec = time_t(seconds)
        spec.it_value.tv_nsec = Int(nanoseconds)
        guard
            timerfd_settime(
                descriptor, CGIO_TFD_TIMER_ABSTIME | CGIO_TFD_TIMER_CANCEL_ON_SET, &spec, nil) == 0
        else { throw WallClockAlarmError(reason: String(cString: strerror(errno))) }
        deadline = instant
        if watch == nil {
            watch = loop.addWatch(fd: descriptor, events: .readable) { [weak self] _ in self?.wake() }
        }
    }

    /// Disarms the alarm; its handler is not called until it is set again.
    public func cancel() {
        var spec = itimerspec()
        _ = timerfd_settime(descriptor, 0, &spec, nil)
        deadline = nil
        if let watch {
            loop.removeWatch(watch)
            self.watch = nil
        }
    }

    private func wake() {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        // EAGAIN: woken for nothing (a disarmed or re-set timer); stay as we are.
        if count < 0 && errno == EAGAIN { return }
        let reason: Wake = count < 0 && errno == ECANCELED ? .clockChanged : .fired
        cancel()
        handler(reason)
    }
}

/// The wall-clock alarm's timerfd could not be made or set.
public struct WallClockAlarmError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the kernel said.
    public let reason: String

    /// "Cannot set the wall-clock alarm: …".
    public var description: String { "Cannot set the wall-clock alarm: \(reason)" }
}
