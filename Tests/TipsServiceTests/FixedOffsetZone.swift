import Foundation
import TipsCore

/// A zone whose clocks never change: UTC, or a fixed offset, for a clock the test moves between zones.
struct FixedOffsetZone: TimeZoneRules, Hashable {
    /// Seconds east of UTC.
    let offset: Int

    /// A zone `offset` seconds east of UTC.
    init(secondsEastOfUTC offset: Int) {
        self.offset = offset
    }

    /// Coordinated Universal Time.
    static let utc = FixedOffsetZone(secondsEastOfUTC: 0)

    /// `UTC`, or `UTC+01:00` for an offset.
    var identifier: String {
        guard offset != 0 else { return "UTC" }
        let minutes = abs(offset) / 60
        return (offset < 0 ? "UTC-" : "UTC+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// The fixed offset.
    func utcOffset(at instant: Instant) -> Int { offset }
}
