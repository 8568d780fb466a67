import CGio
import DBus

/// A Swift closure handed to GLib as a source's `user_data`: retained for the source, released by the source's
/// destroy notify when GLib drops it.
final class LoopCallback {
    private let watchHandler: ((WatchEvents) -> Void)?
    private let timerHandler: (() -> Bool)?

    private init(watch: ((WatchEvents) -> Void)?, timer: (() -> Bool)?) {
        watchHandler = watch
        timerHandler = timer
    }

    /// A callback for a descriptor watch.
    static func watch(_ handler: @escaping (WatchEvents) -> Void) -> LoopCallback {
        LoopCallback(watch: handler, timer: nil)
    }

    /// A callback for a timer, an idle callback or a signal: returns whether the source goes on.
    static func timer(_ handler: @escaping () -> Bool) -> LoopCallback {
        LoopCallback(watch: nil, timer: handler)
    }

    func fireWatch(_ events: WatchEvents) {
        watchHandler?(events)
    }

    func fireTimer() -> Bool {
        timerHandler?() ?? false
    }

    /// A +1 reference for a source's `user_data`, balanced by ``release``.
    func retainedPointer() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func from(_ pointer: gpointer) -> LoopCallback {
        Unmanaged<LoopCallback>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The `GDestroyNotify` that releases what ``retainedPointer()`` retained.
    static let release: GDestroyNotify = { pointer in
        guard let pointer else { return }
        Unmanaged<LoopCallback>.fromOpaque(pointer).release()
    }
}
