import CSystem
import DBus
import Glibc

/// An epoll(7) instance and what it holds: each descriptor once, level-triggered, for the events it is to be watched
/// for, with the descriptor as its data.
///
/// The loop sleeps in epoll_wait(2) on this one descriptor rather than in poll(2) on all of its own: the bus socket,
/// the wake-up eventfd, the signals' socket, the clock's timerfd and the daemon's inotify watches. poll(2) walks every
/// descriptor's wait queue on each sleep and each wake-up, which cost a call on the bus 1.4 µs of CPU against a
/// service that sleeps on one (a ping-pong over a socket pair on one CPU: 12.6 µs a round polling six descriptors,
/// 11.0–11.3 polling one or in epoll_wait(2)).
struct EpollSet: ~Copyable {
    /// The epoll(7) descriptor: it changes when the instance is built again (``rebuild()``).
    private(set) var descriptor: Int32
    /// The events the instance holds for each descriptor in it.
    private var held: [Int32: UInt32] = [:]
    /// Descriptors epoll(7) refused, with what poll(2) would report on them at once, and so the loop reports without
    /// waiting: the events waited for on a regular file or a directory (`EPERM`), always ready to poll(2), and an error
    /// on any other refusal (a descriptor not open, the kernel out of memory or of watches).
    private(set) var refused: [Int32: UInt32] = [:]
    /// Whether a descriptor was closed while held: its file may still be open elsewhere (a duplicate, a child's copy),
    /// and epoll(7) keeps a file as long as it is open, so it can neither be taken out nor be kept from being reported
    /// ready for ever. A new instance, holding what this one should, is the only way out.
    private(set) var mustRebuild = false
    /// Creates an empty instance.
    ///
    /// - Throws: `DBusError.system` when epoll_create1(2) fails (too many descriptors open).
    init() throws(DBusError) {
        descriptor = epoll_create1(CSYSTEM_EPOLL_CLOEXEC)
        guard descriptor >= 0 else { throw .system(operation: "epoll_create1", errno: errno) }
    }

    deinit {
        close(descriptor)
    }

    /// Makes the instance hold `fd` for `events` (`EPOLLIN`, `EPOLLOUT`), or none: no events takes it out.
    ///
    /// - Parameters:
    ///   - events: The events to be reported; errors and hang-ups are reported whatever they are.
    ///   - fd: The descriptor.
    ///   - anew: Whether to tell the kernel even when the events are those already held: for a descriptor just
    ///     watched, whose number may be that of one closed while held.
    mutating func hold(_ events: UInt32, on fd: Int32, anew: Bool = false) {
        // As poll(2) does, a negative descriptor is never ready: a loop descriptor that could not be opened.
        guard fd >= 0 else { return }
        refused[fd] = nil
        guard events != 0 else {
            guard held.removeValue(forKey: fd) != nil else { return }
            if control(EPOLL_CTL_DEL, fd, events: 0) != 0, errno == EBADF {
                mustRebuild = true
            }
            return
        }
        let wasHeld = held[fd] != nil
        guard anew || held[fd] != events else { return }
        var succeeded = control(wasHeld ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, events: events) == 0
        // The kernel and the table disagree when a descriptor was closed while held (the kernel let it go) or its
        // number is open again (the kernel still holds the old file).
        if !succeeded, errno == EEXIST {
            succeeded = control(EPOLL_CTL_MOD, fd, events: events) == 0
        } else if !succeeded, errno == ENOENT {
            succeeded = control(EPOLL_CTL_ADD, fd, events: events) == 0
        }
        guard !succeeded else {
            held[fd] = events
            return
        }
        let failure = errno
        held[fd] = nil
        if wasHeld, failure == EBADF { mustRebuild = true }
        refused[fd] = failure == EPERM ? events : EPOLLERR.rawValue
    }

    /// Waits at most `timeout` milliseconds (`-1`: until something is ready) for what the instance holds.
    ///
    /// - Returns: How many of `ready` were filled, `-1` when interrupted by a signal.
    func wait(into ready: inout [epoll_event], timeout: Int32) -> Int {
        Int(epoll_wait(descriptor, &ready, Int32(ready.count), timeout))
    }

    /// Replaces the instance with a new one holding what this one should, when a descriptor was closed while held.
    /// When a new instance cannot be made, this one stays, and the next call tries again.
    mutating func rebuild() {
        guard mustRebuild else { return }
        let fresh = epoll_create1(CSYSTEM_EPOLL_CLOEXEC)
        guard fresh >= 0 else { return }
        close(descriptor)
        descriptor = fresh
        mustRebuild = false
        let holding = held
        held.removeAll(keepingCapacity: true)
        for (fd, events) in holding {
            hold(events, on: fd)
        }
    }

    private func control(_ operation: Int32, _ fd: Int32, events: UInt32) -> Int32 {
        var event = epoll_event(events: events, data: epoll_data_t(fd: fd))
        return epoll_ctl(descriptor, operation, fd, &event)
    }
}
