import Foundation
import Synchronization
import TipsCore

/// A clock that tests move by hand, in a time zone they choose.
final class ManualClock: TipsClock {
    private let instant: Mutex<Instant>
    let timeZone: any TimeZoneRules
    private let zone: TimeZone

    /// A clock at a local wall-clock time such as `2026-03-28 12:00` in `zone`.
    init(_ local: String, zone: String = "Europe/Berlin") {
        self.zone = TimeZone(identifier: zone)!
        self.timeZone = FoundationZone(self.zone)
        self.instant = Mutex(localInstant(local, in: self.zone))
    }

    var now: Instant { instant.withLock { $0 } }

    func advance(seconds: Double) {
        instant.withLock { $0 = $0.advanced(byMicroseconds: Int64((seconds * 1_000_000).rounded())) }
    }

    func advance(hours: Double) { advance(seconds: hours * 3_600) }

    func set(_ local: String) {
        let date = localInstant(local, in: zone)
        instant.withLock { $0 = date }
    }

    /// The instant a wall clock in the clock's zone shows `local`.
    func instant(_ local: String) -> Instant {
        localInstant(local, in: zone)
    }
}

/// A zone of Foundation's time zone database, for tests: the core's own code never uses Foundation.
struct FoundationZone: TimeZoneRules {
    let zone: TimeZone
    init(_ zone: TimeZone) { self.zone = zone }
    var identifier: String { zone.identifier }
    func utcOffset(at instant: Instant) -> Int { zone.secondsFromGMT(for: instant.date) }
}

extension Instant {
    /// The same instant as a Foundation date.
    var date: Date { Date(timeIntervalSince1970: Double(microsecondsSinceEpoch) / 1_000_000) }

    /// The instant of a Foundation date, to the microsecond.
    init(_ date: Date) {
        self.init(microsecondsSinceEpoch: Int64((date.timeIntervalSince1970 * 1_000_000).rounded()))
    }
}

/// The instant a wall clock in `timeZone` shows `local` (`yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss`).
func localInstant(_ local: String, in timeZone: TimeZone) -> Instant {
    let parts = local.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let components = DateComponents(
        year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
        second: parts.count > 5 ? parts[5] : 0)
    return Instant(calendar.date(from: components)!)
}

extension TipsEngine {
    /// The status of one tip now.
    func status(_ id: TipID) -> TipStatus {
        try! snapshot(of: id).status
    }

    /// The tips whose status is available now (their rules hold and they are not invalidated, or a testing switch
    /// shows them), at `location` (every location when `nil`), in catalog order; the display window is not applied.
    func eligibleTips(at location: TipLocation?) -> [TipID] {
        snapshots().filter { $0.status == .available && (location == nil || $0.tip.location == location) }
            .map(\.tip.id)
    }
}

extension ParameterValues {
    /// The parameters whose value differs from `old`'s, in the order of ``TipParameter/allCases``.
    func changed(since old: ParameterValues) -> [TipParameter] {
        TipParameter.allCases.filter { self[$0] != old[$0] }
    }
}

extension ObservationChanges {
    /// Tips whose status changed, with the new status, in catalog order.
    var statuses: [(id: TipID, status: TipStatus)] {
        tips.filter(\.statusChanged).map { ($0.tip.id, $0.tip.status) }
    }
}
