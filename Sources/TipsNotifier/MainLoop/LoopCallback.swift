import CGio
import DBus

/// A Swift closure handed to GLib as a source's `user_data`: retained for the source, released by the source's
/// destroy notify when GLib drops it. It returns whether the source goes on.
final class LoopCallback {
    private let handler: (WatchEvents) -> Bool

    /// A callback for a descriptor watch, with the events its source reported.
    init(_ handler: @escaping (WatchEvents) -> Bool) {
        self.handler = handler
    }

    /// A callback for a timer, an idle callback or a signal, which report no events.
    convenience init(timer handler: @escaping () -> Bool) {
        self.init { _ in handler() }
    }

    func fire(_ events: WatchEvents = []) -> Bool {
        handler(events)
    }

    /// A +1 reference for a source's `user_data`, balanced by ``release``.
    func retainedPointer() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func from(_ pointer: gpointer) -> LoopCallback {
        Unmanaged<LoopCallback>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The `GSourceFunc` of a timer, an idle callback or a signal whose `user_data` is a callback.
    static let sourceFunction: GSourceFunc = { data in
        guard let data else { return CGIO_SOURCE_REMOVE }
        return LoopCallback.from(data).fire() ? CGIO_SOURCE_CONTINUE : CGIO_SOURCE_REMOVE
    }

    /// The `GDestroyNotify` that releases what ``retainedPointer()`` retained.
    static let release: GDestroyNotify = { pointer in
        guard let pointer else { return }
        Unmanaged<LoopCallback>.fromOpaque(pointer).release()
    }
}
