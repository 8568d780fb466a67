import Glibc
import TipsCore

/// The time zone the C library uses: `TZ` when it is set, else `/etc/localtime`, read with `tzset(3)`.
///
/// `TZ` means what POSIX and the C library say it means: `Europe/Berlin` and `:/path/to/zone` name tz database
/// files, and a POSIX string gives the offset *west* of UTC, so `UTC+14` is 14 hours behind UTC and `JST-9` is 9
/// hours ahead. The C library reads the zone once; ``reload()`` reads it again after it changed.
public struct SystemTimeZone: TimeZoneRules {
    /// Creates a handle on the process's time zone.
    public init() {}

    /// The zone's name: the tz database name the zone file links to (`Europe/Berlin`), else `TZ` as it is set (a
    /// POSIX string such as `JST-9`), else `localtime`; as it was at the last ``reload()`` (or first asked), as the
    /// C library's zone is.
    public var identifier: String {
        if let known = Self.cachedIdentifier { return known }
        let identifier = Self.readIdentifier()
        Self.cachedIdentifier = identifier
        return identifier
    }

    // The name is asked for at every change the service announces; reading it means a readlink and an access(2).
    // Only the thread serving the loop (and ``reload()``, from there) touches it.
    nonisolated(unsafe) private static var cachedIdentifier: String?

    private static func readIdentifier() -> String {
        if Self.unknownName != nil { return "UTC" }
        let tz = ProcessEnvironment.value("TZ")
        guard let file = Self.sourceFile else { return tz.flatMap { $0.isEmpty ? nil : $0 } ?? "UTC" }
        var buffer = [CChar](repeating: 0, count: 4_096)
        let length = readlink(file, &buffer, buffer.count - 1)
        let target =
            length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : file
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        if let zoneinfo = parts.lastIndex(of: "zoneinfo"), zoneinfo + 1 < parts.count {
            return parts[(zoneinfo + 1)...].joined(separator: "/")
        }
        return tz.flatMap { $0.isEmpty ? nil : $0 } ?? "localtime"
    }

    /// The offset `localtime_r(3)` gives for `instant`.
    public func utcOffset(at instant: Instant) -> Int {
        var seconds = time_t(instant.secondsSinceEpoch)
        // One call asks for the same second several times (the day of a mood, the day of use, each property), and
        // `localtime_r` takes a lock and walks the zone's rules each time (some 700 instructions).
        if let known = Self.lastOffsets.first(where: { $0.second == seconds }) { return known.offset }
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return 0 }
        if Self.lastOffsets.count < Self.offsetsKept {
            Self.lastOffsets.append((seconds, local.tm_gmtoff))
        } else {
            Self.lastOffsets[Self.nextOffsetReplaced] = (seconds, local.tm_gmtoff)
            Self.nextOffsetReplaced = (Self.nextOffsetReplaced + 1) % Self.offsetsKept
        }
        return local.tm_gmtoff
    }

    // The last seconds asked for and their offsets, until the zone is read again: now, and the three around the next
    // midnight a wake-up is set for (`startOfNextDay(after:)`). Only the thread serving the loop (and ``reload()``,
    // from there) touches them.
    private static let offsetsKept = 4
    nonisolated(unsafe) private static var lastOffsets: [(second: time_t, offset: Int)] = []
    nonisolated(unsafe) private static var nextOffsetReplaced = 0

    /// Makes the C library read the zone again: after `TZ` or the zone file changed.
    ///
    /// `tzset(3)` re-reads `/etc/localtime` when `TZ` is unset, but keeps what it read for an unchanged `TZ`, so a
    /// set `TZ` is briefly replaced to make it read the file it names afresh.
    public static func reload() {
        cachedIdentifier = nil
        lastOffsets = []
        nextOffsetReplaced = 0
        if let tz = ProcessEnvironment.value("TZ") {
            setenv("TZ", "UTC0", 1)
            tzset()
            setenv("TZ", tz, 1)
        }
        tzset()
    }

    /// Why `TZ` gives UTC although it names a zone: a name neither in the time zone database nor a POSIX string (which
    /// always carries an offset, so a digit); the C library then counts in UTC without a word. `nil` when all is well.
    public static var unknownName: String? {
        guard let tz = ProcessEnvironment.value("TZ"), !tz.isEmpty, sourceFile == nil,
            !tz.contains(where: \.isNumber)
        else { return nil }
        return "TZ is '\(tz.prefix(64))', which is neither in the time zone database nor a POSIX time zone; "
            + "counting days in UTC"
    }

    /// The file the zone is read from, which the service follows (``PathWatch``); `nil` for a POSIX string, which
    /// names no file.
    public static var sourceFile: String? {
        guard var tz = ProcessEnvironment.value("TZ") else { return "/etc/localtime" }
        if tz.hasPrefix(":") { tz.removeFirst() }
        if tz.hasPrefix("/") { return tz }
        if tz.isEmpty { return nil }
        let folder = ProcessEnvironment.value("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        let path = "\(folder)/\(tz)"
        // A POSIX string such as `CET-1CEST,M3.5.0,M10.5.0/3` is not a file of the database.
        return access(path, R_OK) == 0 ? path : nil
    }
}
