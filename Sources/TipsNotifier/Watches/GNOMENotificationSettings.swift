import CGio

/// Follows what GNOME's notification settings say of our notifications, through GSettings (any backend): the global
/// `show-banners` of `org.gnome.desktop.notifications` (Do Not Disturb), and the switches GNOME keeps for the
/// desktop entry the notifications name (`org.gnome.desktop.notifications.application` at
/// `/org/gnome/desktop/notifications/application/<id>/`): `enable` (notifications at all) and `show-banners`.
///
/// GNOME Shell drops a notification whose app has `enable` off, and shows no banner while either `show-banners` is
/// off, so a tip then would be used up unseen: the notifier waits instead. GSettings aborts the process when asked
/// for a schema that is not installed, so the schemas and keys are looked up first; without them there is nothing
/// to follow.
final class GNOMENotificationSettings {
    /// The global schema.
    static let schemaID = "org.gnome.desktop.notifications"
    /// The relocatable per-application schema.
    static let applicationSchemaID = "org.gnome.desktop.notifications.application"

    /// What silences our notifications, if anything: the global switch first.
    var silencer: WaitReason.Silencer? {
        if !showsBanners { return .gnomeBannersOff }
        if !appEnabled { return .gnomeAppDisabled(entry) }
        if !appShowsBanners { return .gnomeAppBannersOff(entry) }
        return nil
    }

    /// Called from the main loop when ``silencer`` may have changed.
    var onChange: (() -> Void)?
    /// The desktop entry whose switches are followed.
    private(set) var entry: String
    private let global: GSettingsKeys
    private var application: GSettingsKeys?
    private var showsBanners = true
    private var appEnabled = true
    private var appShowsBanners = true

    /// Starts following the global key and the switches of `entry`, or returns `nil` when GNOME's schemas are not
    /// installed.
    init?(entry: String) {
        guard let global = GSettingsKeys(schema: Self.schemaID, path: nil, keys: ["show-banners"]) else { return nil }
        self.global = global
        self.entry = entry
        global.onChange = { [weak self] in self?.reload() }
        follow(entry: entry)
    }

    /// Follows the switches of another desktop entry (the Feels app was installed or removed); nothing changes when
    /// it is the one followed.
    func follow(entry: String) {
        if entry == self.entry, application != nil { return }
        self.entry = entry
        application = GSettingsKeys(
            schema: Self.applicationSchemaID, path: Self.path(of: entry), keys: ["enable", "show-banners"])
        application?.onChange = { [weak self] in self?.reload() }
        reload()
    }

    /// The settings path GNOME Shell gives an application: its id in lower case, every character but letters, digits
    /// and dashes made a dash, runs of dashes made one (`messageTray.js`, `_canonicalizeId`).
    static func path(of entry: String) -> String {
        var id = ""
        for scalar in entry.lowercased().unicodeScalars {
            let keep = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            if keep || !id.hasSuffix("-") { id.unicodeScalars.append(keep ? scalar : "-") }
        }
        return "/org/gnome/desktop/notifications/application/\(id)/"
    }

    private func reload() {
        let before = silencer
        showsBanners = global.boolean("show-banners") ?? true
        appEnabled = application?.boolean("enable") ?? true
        appShowsBanners = application?.boolean("show-banners") ?? true
        if silencer != before { onChange?() }
    }
}

/// Some boolean keys of one GSettings schema (at a path, for a relocatable one), with a callback when any changes.
final class GSettingsKeys {
    /// Called from the main loop when a followed key changes.
    var onChange: (() -> Void)?
    private let settings: UnsafeMutablePointer<GSettings>
    private let keys: [String]
    private var handlers: [gulong] = []

    private static let changedCallback:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, gpointer?) -> Void = { _, _, data in
            guard let data else { return }
            Unmanaged<GSettingsKeys>.fromOpaque(data).takeUnretainedValue().onChange?()
        }

    /// Follows `keys` of `schema`, or returns `nil` when the schema or a key is not installed.
    init?(schema: String, path: String?, keys: [String]) {
        guard let source = g_settings_schema_source_get_default(),
            let found = g_settings_schema_source_lookup(source, schema, CGIO_TRUE)
        else { return nil }
        defer { g_settings_schema_unref(found) }
        guard keys.allSatisfy({ g_settings_schema_has_key(found, $0) != 0 }) else { return nil }
        // A relocatable schema needs a path; a fixed one refuses one.
        let relocatable = g_settings_schema_get_path(found) == nil
        guard relocatable == (path != nil) else { return nil }
        guard let settings = path.map({ g_settings_new_with_path(schema, $0) }) ?? g_settings_new(schema) else {
            return nil
        }
        self.settings = settings
        self.keys = keys
        let context = Unmanaged.passUnretained(self).toOpaque()
        handlers = keys.map { key in
            g_signal_connect_data(
                settings, "changed::\(key)", unsafeBitCast(Self.changedCallback, to: GCallback.self), context, nil,
                GConnectFlags(rawValue: 0))
        }
        // GSettings tells of changes only to keys read since: read each once.
        for key in keys { _ = boolean(key) }
    }

    deinit {
        for handler in handlers { g_signal_handler_disconnect(settings, handler) }
        g_object_unref(settings)
    }

    /// A followed key's value.
    func boolean(_ key: String) -> Bool? {
        guard keys.contains(key) else { return nil }
        return g_settings_get_boolean(settings, key) != 0
    }
}
