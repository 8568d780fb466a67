/// The rules of a time zone: which UTC offset a wall clock there shows at any instant.
///
/// The service reads them from the C library's time zone database (`TZ`, else `/etc/localtime`); tests give zones of
/// their own. Local days, midnights and daylight-saving changes all follow from ``utcOffset(at:)``.
public protocol TimeZoneRules: Sendable {
    /// A name for logs and status lines: `Europe/Berlin`, `UTC`, a POSIX `TZ` string.
    var identifier: String { get }

    /// Seconds east of UTC that a wall clock in this zone is set to at `instant`.
    func utcOffset(at instant: Instant) -> Int
}

extension TimeZoneRules {
    /// The local calendar day at `instant`.
    public func day(at instant: Instant) -> CalendarDay {
        CalendarDay(instant, utcOffset: utcOffset(at: instant))
    }

    /// The first instant of the local day after the one `instant` falls on: usually its midnight, and where midnight
    /// does not exist (a daylight-saving change at 00:00, as in Santiago), the day's first real instant.
    public func startOfNextDay(after instant: Instant) -> Instant {
        let tomorrow = day(at: instant).advanced(by: 1)
        // Midnight of tomorrow, read with the offset in force now: right on all but the nights of a change.
        let guess = Instant(secondsSinceEpoch: Int64(tomorrow.rawValue) * 86_400 - Int64(utcOffset(at: instant)))
        if day(at: guess) >= tomorrow, day(at: guess.advanced(byMicroseconds: -1)) < tomorrow {
            return guess
        }
        // Around a change: the first second at which the local day is tomorrow, searched over the next two days.
        var low = instant.secondsSinceEpoch
        var high = low + 2 * 86_400 + 1
        while low + 1 < high {
            let middle = low + (high - low) / 2
            if day(at: Instant(secondsSinceEpoch: middle)) >= tomorrow { high = middle } else { low = middle }
        }
        return Instant(secondsSinceEpoch: high)
    }
}
