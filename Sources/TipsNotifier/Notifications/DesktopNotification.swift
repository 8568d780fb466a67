import CLibNotify

/// One notification shown through libnotify, with what the user does with it reported back.
///
/// libnotify speaks GDBus on GLib's default main context, so its signals (`ActionInvoked`, `NotificationClosed`)
/// reach the handlers from the main loop. Keep the object until it is closed: releasing it forgets its actions.
public final class DesktopNotification {
    /// The content shown.
    public let content: NotificationContent
    /// Called from the main loop with the id of an action the user invoked.
    public var onAction: ((String) -> Void)?
    /// Called from the main loop once, when the server closes the notification.
    public var onClosed: ((NotificationCloseReason) -> Void)?
    private let raw: UnsafeMutablePointer<NotifyNotification>
    private var closedHandler: gulong = 0

    private static let closedCallback: @convention(c) (UnsafeMutableRawPointer?, gpointer?) -> Void = { _, data in
        guard let data else { return }
        let notification = Unmanaged<DesktopNotification>.fromOpaque(data).takeUnretainedValue()
        notification.onClosed?(NotificationCloseReason(code: notify_notification_get_closed_reason(notification.raw)))
    }

    private static let actionCallback: NotifyActionCallback = { _, action, data in
        guard let data, let action else { return }
        Unmanaged<DesktopNotification>.fromOpaque(data).takeUnretainedValue().onAction?(String(cString: action))
    }

    /// Initialises libnotify for `appName`; call once, after `DBUS_SESSION_BUS_ADDRESS` names the bus to use.
    ///
    /// - Returns: Whether libnotify is ready.
    public static func initialize(appName: String) -> Bool {
        notify_init(appName) != 0
    }

    /// Prepares a notification; nothing is shown until ``show()``.
    public init(_ content: NotificationContent) {
        self.content = content
        raw = notify_notification_new(content.summary, content.body, content.icon)
        notify_notification_set_urgency(raw, NotifyUrgency(rawValue: UInt32(content.urgency.rawValue)))
        notify_notification_set_category(raw, content.category)
        notify_notification_set_hint(raw, "desktop-entry", g_variant_new_string(content.desktopEntry))
        notify_notification_set_timeout(raw, CLIBNOTIFY_EXPIRES_DEFAULT)
        let context = Unmanaged.passUnretained(self).toOpaque()
        for action in content.actions {
            notify_notification_add_action(raw, action.id, action.label, Self.actionCallback, context, nil)
        }
        closedHandler = g_signal_connect_data(
            raw, "closed", unsafeBitCast(Self.closedCallback, to: GCallback.self), context, nil,
            GConnectFlags(rawValue: 0))
    }

    deinit {
        // libnotify may outlive this object's last reference for a moment: leave it nothing that points back here.
        g_signal_handler_disconnect(raw, closedHandler)
        notify_notification_clear_actions(raw)
        g_object_unref(raw)
    }

    /// Sends the notification to the server (`Notify`), blocking until it answers.
    ///
    /// - Throws: `NotificationError` with the server's or the bus's message when it is not shown.
    public func show() throws(NotificationError) {
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(raw, &error) != 0 else { throw NotificationError(consuming: error) }
    }

    /// Asks the server to close the notification (`CloseNotification`), blocking until it answers.
    ///
    /// - Throws: `NotificationError` when the server refuses or is gone.
    public func close() throws(NotificationError) {
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_close(raw, &error) != 0 else { throw NotificationError(consuming: error) }
    }
}

/// libnotify could not show or close a notification.
public struct NotificationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What libnotify or the server said.
    public let description: String

    init(consuming error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            description = "libnotify failed without saying why"
            return
        }
        description = error.pointee.message.map { String(cString: $0) } ?? "libnotify failed without saying why"
        g_error_free(error)
    }
}
