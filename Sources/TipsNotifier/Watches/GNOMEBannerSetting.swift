import CLibNotify

/// Follows GNOME's `show-banners` key (`org.gnome.desktop.notifications`): false while the user has turned
/// notification banners off (Do Not Disturb).
///
/// GSettings aborts the process when asked for a schema that is not installed, so the schema and the key are looked
/// up first; without them there is nothing to follow and banners count as shown.
public final class GNOMEBannerSetting {
    /// The schema holding the key.
    public static let schemaID = "org.gnome.desktop.notifications"
    /// The key.
    public static let key = "show-banners"

    /// Whether GNOME shows notification banners.
    public private(set) var showsBanners: Bool
    /// Called from the main loop when ``showsBanners`` changes.
    public var onChange: ((Bool) -> Void)?
    private let settings: UnsafeMutablePointer<GSettings>
    private var handler: gulong = 0

    private static let changedCallback:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, gpointer?)
            -> Void = { _, _, data in
                guard let data else { return }
                Unmanaged<GNOMEBannerSetting>.fromOpaque(data).takeUnretainedValue().reload()
            }

    /// Starts following the key, or returns `nil` when the schema or the key is not installed.
    public init?() {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, Self.schemaID, CLIBNOTIFY_TRUE)
        else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, Self.key) != 0, let settings = g_settings_new(Self.schemaID) else {
            return nil
        }
        self.settings = settings
        showsBanners = g_settings_get_boolean(settings, Self.key) != 0
        handler = g_signal_connect_data(
            settings, "changed::\(Self.key)", unsafeBitCast(Self.changedCallback, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }

    deinit {
        if handler != 0 { g_signal_handler_disconnect(settings, handler) }
        g_object_unref(settings)
    }

    private func reload() {
        let shows = g_settings_get_boolean(settings, Self.key) != 0
        guard shows != showsBanners else { return }
        showsBanners = shows
        onChange?(shows)
    }
}
