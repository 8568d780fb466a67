import BusTestSupport
import DBus
import Foundation
import Testing

/// `moods export` and `moods forget`: the user's journal, theirs to keep and to erase.
@Suite("The mood journal: moods export and forget")
struct MoodsTests {
    /// Moods are logged under one zone and exported under another: each keeps the offset of the clock it was
    /// logged by.
    @Test func exportReturnsExactlyWhatWasLoggedWithTheOffsetItWasLoggedAt() throws {
        let service = try RunningService(environment: ["TZ": "Asia/Kolkata"])
        for mood in ["great", "BAD", "average"] {
            _ = try service.tips.logMood(mood: mood)
        }
        let journal = try #require(try service.tips.exportMoods().arrayValue).compactMap { entry in
            entry.structureValue.flatMap { fields -> (Int64, String, Int32)? in
                guard let at = fields[0].int64Value, let mood = fields[1].stringValue, let offset = fields[2].int32Value
                else { return nil }
                return (at, mood, offset)
            }
        }
        #expect(journal.map(\.1) == ["great", "bad", "average"])

        let text = try FeelsTips.run(["moods", "export"], on: service, environment: ["TZ": "America/Santiago"])
        let json = try FeelsTips.run(["moods", "export", "--json"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        let expected = journal.map { "\(Self.iso8601($0.0, offset: Int($0.2))) \($0.1)\n" }.joined()
        #expect(text.stdout == expected)
        #expect(text.stdout.contains("+05:30 great\n"))
        #expect(json.status == 0, "\(json.transcript)")
        let moods = try #require(try FeelsTips.json(json) as? [[String: Any]])
        #expect(moods.count == journal.count)
        for (mood, logged) in zip(moods, journal) {
            #expect((mood["logged_at"] as? NSNumber)?.int64Value == logged.0)
            #expect(mood["mood"] as? String == logged.1)
            #expect(mood["utc_offset"] as? Int == Int(logged.2))
            #expect(mood["time"] as? String == Self.iso8601(logged.0, offset: Int(logged.2)))
        }
    }

    @Test func exportOfAnEmptyJournalPrintsNothingOrAnEmptyArray() throws {
        let service = try RunningService()
        let text = try FeelsTips.run(["moods", "export"], on: service)
        let json = try FeelsTips.run(["moods", "export", "--json"], on: service)
        #expect(text.status == 0, "\(text.transcript)")
        #expect(text.stdout.isEmpty)
        #expect(json.status == 0, "\(json.transcript)")
        #expect((try FeelsTips.json(json) as? [Any])?.isEmpty == true)
    }

    @Test func forgetWithYesErasesTheJournalAndLeavesMoodLogCountZero() throws {
        let service = try RunningService()
        for mood in ["great", "good", "good"] {
            _ = try service.tips.logMood(mood: mood)
        }

        let text = try FeelsTips.run(["moods", "forget", "--yes"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(
            text.stdout
                == "Erased 3 moods; mood-log-count, has-logged-moods, days-using-app and current-streak start again "
                + "from 0.\n")
        #expect(try service.tips.moodLogCount() == 0)
        #expect(try service.tips.hasLoggedMoods() == 0)
        #expect(try service.tips.exportMoods().arrayValue?.isEmpty == true)
        #expect(try FeelsTips.run(["moods", "export"], on: service).stdout.isEmpty)

        _ = try service.tips.logMood(mood: "bad")
        let json = try FeelsTips.run(["--json", "-y", "moods", "forget"], on: service)
        #expect(json.status == 0, "\(json.transcript)")
        #expect(try FeelsTips.object(json)["forgotten"] as? Int == 1)
        #expect(try service.tips.moodLogCount() == 0)
    }

    /// ISO 8601 as a clock `offset` seconds east of UTC showed the instant.
    static func iso8601(_ microseconds: Int64, offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds + 1) / 1_000_000 - 1
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
