import BusTestSupport
import Testing

/// examples/python: a `Gio.DBusProxy` that logs a mood, reads a tip and follows `PropertiesChanged`.
@Suite("The Python example")
struct PythonExampleTests {
    @Test func logsAMoodReadsATipAndSeesThePropertiesChange() throws {
        let service = try RunningService()
        let version = try #require(try service.property("Version").stringValue)
        let (result, lines) = try Example.run(
            ["/usr/bin/python3", Example.path("python/follow-tips.py"), "great"], on: service)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(lines.contains("Connected to org.feels.Tips: feels-tipsd \(version)"))
        #expect(lines.contains("LogMood(great): 1 mood logged"))
        #expect(lines.contains("SiriShortcutTip: pending: Use Siri to Log Moods"))
        #expect(lines.contains("  rule moodLogCount >= 3 (now 1): does not hold"))
        #expect(lines.contains("  Waiting for moodLogCount >= 3 (now 1)."))
        #expect(lines.contains("LogMood(meh) failed: org.feels.Tips1.Error.InvalidMood"))
        let changed = lines.first { $0.hasPrefix("PropertiesChanged: ") && $0.contains("MoodLogCount=1") }
        #expect(changed != nil, "no PropertiesChanged with MoodLogCount=1 in:\n\(result.stdout)")
        #expect(lines.contains("MoodLogCount is now 1"))
        #expect(try service.property("MoodLogCount").uint32Value == 1)
    }
}
