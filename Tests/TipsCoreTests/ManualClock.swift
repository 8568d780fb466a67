import Foundation
import Synchronization
import TipsCore

/// A clock that tests move by hand, in a time zone they choose.
final class ManualClock: TipsClock {
    private let instant: Mutex<Date>
    let timeZone: TimeZone

    /// A clock at a local wall-clock time such as `2026-03-28 12:00` in `zone`.
    init(_ local: String, zone: String = "Europe/Berlin") {
        let timeZone = TimeZone(identifier: zone)!
        self.timeZone = timeZone
        self.instant = Mutex(localDate(local, in: timeZone))
    }

    var now: Date { instant.withLock { $0 } }

    func advance(seconds: Double) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    func advance(hours: Double) { advance(seconds: hours * 3_600) }

    func set(_ local: String) {
        let date = localDate(local, in: timeZone)
        instant.withLock { $0 = date }
    }
}

/// The instant a wall clock in `timeZone` shows `local` (`yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss`).
func localDate(_ local: String, in timeZone: TimeZone) -> Date {
    let parts = local.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let components = DateComponents(
        year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
        second: parts.count > 5 ? parts[5] : 0)
    return calendar.date(from: components)!
}

extension TipsEngine {
    /// The status of one tip now.
    func status(_ id: TipID) -> TipStatus {
        try! snapshot(of: id).status
    }
}
