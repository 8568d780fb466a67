import CGio
import CLibNotify
import TipsCore

/// Every call to the notification server, made through libnotify on one thread of its own.
///
/// libnotify's calls block (up to 25 s each) and its globals have no locks, so they are all made on this thread,
/// which runs a `GMainContext` of its own: the thread-default context when libnotify makes its proxy, so the server's
/// signals (a notification closed, an action invoked, with its activation token) are delivered here too. Requests come
/// in, and answers and signals go back to the notifier's main loop (GLib's default context), each as a
/// `g_main_context_invoke` of the other side's context, in order. Only ``Request`` and ``Output`` values, all
/// `Sendable`, cross between the threads.
final class NotificationServerThread: @unchecked Sendable {
    /// What the notifier asks of the notification server.
    enum Request: Sendable {
        /// `GetCapabilities`; answered by ``NotifierInput/capabilities(_:)``.
        case capabilities
        /// `Notify` for a tip's notification, replacing the notification with that id (0 for none); answered by
        /// ``NotifierInput/notified(_:_:)`` however long the server takes.
        case notify(TipID, NotificationContent, replacing: UInt32)
        /// `CloseNotification` of a notification by its id.
        case close(UInt32)
        /// Answered by ``Output/caughtUp`` once every request before it has been made.
        case catchUp
    }

    /// What comes back to the main loop.
    enum Output: Sendable {
        /// An answer or a signal for the notifier's machine.
        case input(NotifierInput)
        /// Something failed that the notifier works around.
        case problem(String)
        /// Every request before a ``Request/catchUp`` has been made.
        case caughtUp
    }

    // Its mutable state is used only on the thread, which every entry checks; the main thread only hands it requests
    // through its context.
    private let context: GMainContextHandle
    private let appName: String
    /// The notifier's side, called on the main loop.
    private let main: ContextBound<(Output) -> Void>
    /// The notifications shown, by the id the server gave, each with its reference; a closed one leaves.
    private var shown: [UInt32: UnsafeMutablePointer<NotifyNotification>] = [:]

    /// Starts the thread, which lives as long as the process; `onOutput` is called on the main loop (GLib's default
    /// context) with every output, in order.
    ///
    /// - Parameter appName: The application name libnotify sends the notifications under.
    init(appName: String, onOutput: @escaping (Output) -> Void) {
        context = GMainContextHandle(g_main_context_new())
        self.appName = appName
        main = ContextBound(onOutput, context: GMainContextHandle(g_main_context_default()))
        let data = Unmanaged.passRetained(self).toOpaque()
        let thread = g_thread_new(
            "feels-libnotify",
            { data in
                guard let data else { return nil }
                Unmanaged<NotificationServerThread>.fromOpaque(data).takeRetainedValue().run()
                return nil
            }, data)
        g_thread_unref(thread)
    }

    /// Hands `request` to the thread; what it answers comes back through `onOutput`.
    func send(_ request: Request) {
        context.invoke { [self] in handle(request) }
    }
}

// MARK: - Crossing threads

/// A `GMainContext`, whose functions GLib makes safe to call from any thread.
struct GMainContextHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Whether the calling thread is the one running the context.
    var isOwnedByCallingThread: Bool { g_main_context_is_owner(pointer) != 0 }

    /// Runs `body` on the thread that runs the context, after what was invoked on it before.
    func invoke(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Invocation(body)).toOpaque()
        g_main_context_invoke_full(
            pointer, CGIO_PRIORITY_DEFAULT,
            { data in
                guard let data else { return CGIO_SOURCE_REMOVE }
                Unmanaged<Invocation>.fromOpaque(data).takeUnretainedValue().body()
                return CGIO_SOURCE_REMOVE
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<Invocation>.fromOpaque(data).release()
            })
    }
}

/// A closure on its way to another thread's context.
private final class Invocation: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

/// A value only the thread running `context` uses: it may travel through other threads, but is opened only there,
/// which ``value`` checks.
struct ContextBound<Value>: @unchecked Sendable {
    private let unchecked: Value
    let context: GMainContextHandle

    init(_ value: Value, context: GMainContextHandle) {
        unchecked = value
        self.context = context
    }

    /// The value, on the thread that runs `context`.
    var value: Value {
        precondition(context.isOwnedByCallingThread, "a value bound to a GLib context was used on another thread")
        return unchecked
    }

    /// Runs `body` with the value on the thread that runs `context`.
    func invoke(_ body: @escaping @Sendable (Value) -> Void) {
        let bound = self
        context.invoke { body(bound.value) }
    }
}

// MARK: - The thread

extension NotificationServerThread {
    private func run() {
        g_main_context_push_thread_default(context.pointer)
        notify_init(appName)
        let data = Unmanaged.passUnretained(self).toOpaque()
        // Its warnings become the notifier's log lines; its debug messages stay with GLib, which drops them.
        let levels = G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue
        g_log_set_handler(
            "libnotify", GLogLevelFlags(rawValue: levels),
            { _, _, message, data in
                guard let data, let message else { return }
                Unmanaged<NotificationServerThread>.fromOpaque(data).takeUnretainedValue().post(
                    .problem("libnotify: \(String(cString: message)), ignoring"))
            }, data)
        let loop = g_main_loop_new(context.pointer, CGIO_FALSE)
        g_main_loop_run(loop)
    }

    private func post(_ output: Output) {
        main.invoke { $0(output) }
    }

    // MARK: - Requests

    func handle(_ request: Request) {
        precondition(context.isOwnedByCallingThread)
        switch request {
        case .capabilities:
            post(.input(.capabilities(capabilities())))
        case .notify(let tip, let content, let replacing):
            post(.input(.notified(tip, show(content, replacing: replacing))))
        case .close(let id):
            close(id)
        case .catchUp:
            post(.caughtUp)
        }
    }

    /// `GetCapabilities`; libnotify says nothing of why it failed, and answers an empty list as it answers a failure.
    private func capabilities() -> Result<Set<String>, CallFailure> {
        guard let list = notify_get_server_caps() else {
            return .failure(CallFailure("GetCapabilities gave no answer, or an empty one, within libnotify's wait"))
        }
        var capabilities = Set<String>()
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                capabilities.insert(String(cString: data.assumingMemoryBound(to: CChar.self)))
            }
            node = current.pointee.next
        }
        g_list_free_full(list, g_free)
        return .success(capabilities)
    }

    /// `Notify`: the content, its hints and actions, under the app name; the id the server gave.
    private func show(_ content: NotificationContent, replacing: UInt32) -> Result<UInt32, CallFailure> {
        guard let notification = notify_notification_new(content.summary, content.body, content.icon) else {
            return .failure(CallFailure("libnotify made no notification"))
        }
        if replacing != 0 { clibnotify_set_notification_id(notification, replacing) }
        notify_notification_set_app_name(notification, appName)
        notify_notification_set_timeout(notification, CLIBNOTIFY_EXPIRES_DEFAULT)
        notify_notification_set_urgency(notification, NotifyUrgency(rawValue: UInt32(content.urgency.rawValue)))
        notify_notification_set_category(notification, content.category)
        notify_notification_set_hint(notification, "image-path", g_variant_new_string(content.image))
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(content.desktopEntry))
        let data = Unmanaged.passUnretained(self).toOpaque()
        for action in content.actions {
            notify_notification_add_action(
                notification, action.id, action.label,
                { notification, action, data in
                    guard let notification, let action, let data else { return }
                    Unmanaged<NotificationServerThread>.fromOpaque(data).takeUnretainedValue().invoked(
                        notification, action: String(cString: action))
                }, data, nil)
        }
        let closed: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void = {
            notification, data in
            guard let notification, let data else { return }
            Unmanaged<NotificationServerThread>.fromOpaque(data).takeUnretainedValue().closed(notification)
        }
        g_signal_connect_data(
            notification, "closed", unsafeBitCast(closed, to: GCallback.self), data, nil, GConnectFlags(0))
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(notification, &error) != 0 else {
            g_object_unref(notification)
            return .failure(Self.failure(error))
        }
        let id = clibnotify_notification_id(notification)
        guard id != 0 else {
            g_object_unref(notification)
            return .success(0)
        }
        // The earlier notification it replaced, or one of a server that has gone, no longer answers to the id.
        if let earlier = shown.updateValue(notification, forKey: id) { g_object_unref(earlier) }
        return .success(id)
    }

    /// `CloseNotification`; the server then says `NotificationClosed`, which removes it.
    private func close(_ id: UInt32) {
        var error: UnsafeMutablePointer<GError>?
        let succeeded: Bool
        if let notification = shown[id] {
            succeeded = notify_notification_close(notification, &error) != 0
        } else if let notification = notify_notification_new("", nil, nil) {
            clibnotify_set_notification_id(notification, id)
            succeeded = notify_notification_close(notification, &error) != 0
            g_object_unref(notification)
        } else {
            return
        }
        // A server that closed it already may say so: nothing to do either way.
        if !succeeded { post(.problem("CloseNotification(\(id)) failed: \(Self.failure(error)), ignoring")) }
    }

    // MARK: - Signals

    /// An action chosen on a notification; the activation token the server sent before it is readable only now.
    private func invoked(_ notification: UnsafeMutablePointer<NotifyNotification>, action: String) {
        precondition(context.isOwnedByCallingThread)
        let id = clibnotify_notification_id(notification)
        if let token = notify_notification_get_activation_token(notification) {
            post(.input(.server(.activationToken(id, String(cString: token)))))
        }
        post(.input(.server(.actionInvoked(id, action: action))))
    }

    /// `NotificationClosed`, with libnotify's reason; the id is still set while the signal is emitted.
    private func closed(_ notification: UnsafeMutablePointer<NotifyNotification>) {
        precondition(context.isOwnedByCallingThread)
        let id = clibnotify_notification_id(notification)
        let reason = notify_notification_get_closed_reason(notification)
        post(.input(.server(.closed(id, NotificationCloseReason(code: reason)))))
        // libnotify holds its own reference while it emits the signal.
        if shown[id] == notification {
            shown[id] = nil
            g_object_unref(notification)
        }
    }

    // MARK: - Errors

    /// A GError as the machine reads it, freed.
    static func failure(_ error: UnsafeMutablePointer<GError>?) -> CallFailure {
        guard let error else { return CallFailure("libnotify failed without saying why") }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "no message"
        var remote = ""
        if g_dbus_error_is_remote_error(error) != 0, let name = g_dbus_error_get_remote_error(error) {
            remote = String(cString: name)
            g_free(name)
        }
        let timedOut =
            (error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_TIMED_OUT.rawValue)
            || ["org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut"].contains(remote)
        let unavailable =
            ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"].contains(remote)
            || remote.hasPrefix("org.freedesktop.DBus.Error.Spawn.")
        return CallFailure(message, peerUnavailable: unavailable, timedOut: timedOut)
    }
}
