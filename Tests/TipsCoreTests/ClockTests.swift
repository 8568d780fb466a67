import Foundation
import Testing
import TipsCore

/// Time without Foundation: instants, calendar days and the next local midnight, checked against Foundation.
@Suite("Instants, days and midnights")
struct ClockTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"), (1_796_054_603_705_060, "2026-11-30T16:03:23Z"),
        (-1, "1969-12-31T23:59:59Z"), (951_782_400_000_000, "2000-02-29T00:00:00Z"),
        (4_107_542_399_999_999, "2100-02-28T23:59:59Z"),
    ])
    func instantsPrintAsISO8601InUTC(_ microseconds: Int64, _ text: String) {
        #expect(Instant(microsecondsSinceEpoch: microseconds).iso8601 == text)
    }

    @Test func calendarDaysHaveFoundationsGregorianDatesOverEightCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // From 1600 on: before the Gregorian reform Foundation counts Julian dates, where ours are proleptic Gregorian.
        for number in stride(from: -135_000, through: 157_000, by: 97) {
            let day = CalendarDay(rawValue: number)
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(number) * 86_400))
            #expect(day.date == (parts.year!, parts.month!, parts.day!))
        }
    }

    @Test func instantArithmeticSaturatesInsteadOfTrapping() {
        #expect(Instant(secondsSinceEpoch: .max).microsecondsSinceEpoch == .max)
        #expect(Instant(microsecondsSinceEpoch: .max - 5).advanced(bySeconds: 10).microsecondsSinceEpoch == .max)
        #expect(Instant(microsecondsSinceEpoch: .min + 5).advanced(bySeconds: -10).microsecondsSinceEpoch == .min)
    }

    @Test(arguments: ["Europe/Berlin", "America/Santiago", "Asia/Kolkata", "Australia/Lord_Howe", "America/St_Johns"])
    func theStartOfEveryNextDayMatchesFoundationsCalendarThroughAYear(_ zone: String) {
        let timeZone = TimeZone(identifier: zone)!
        let rules = FoundationZone(timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var instant = localInstant("2026-01-01 12:00", in: timeZone)
        for _ in 0..<370 {
            let next = rules.startOfNextDay(after: instant)
            let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: instant.date))!
            #expect(next == Instant(calendar.startOfDay(for: tomorrow.addingTimeInterval(3 * 3_600))), "\(instant)")
            instant = next.advanced(bySeconds: 13 * 3_600)
        }
    }
}
