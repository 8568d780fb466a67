import BusTestSupport
import Testing
import TipsInterface

/// examples/python/follow-tips.py: a `Gio.DBusProxy` built from the interface XML that logs a mood, reads a tip with
/// its rules (`GetTips`), names a refused call's error and follows `PropertiesChanged`.
@Suite("The Python example")
struct PythonExampleTests {
    @Test func logsAMoodReadsATipAndSeesThePropertiesChange() throws {
        let service = try RunningService(testing: false)
        let version = try service.tips.serviceVersion()
        let (result, lines) = try Example.run(
            ["/usr/bin/python3", Example.path("python/follow-tips.py"), "great"], on: service)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(lines.contains("Connected to org.feels.Tips: feels-tipsd \(version), interface revision 1"))
        #expect(lines.contains("LogMood(great): 1 mood logged"))
        #expect(lines.contains("SiriShortcutTip: pending: Use Siri to Log Moods"))
        #expect(lines.contains("  rule mood-log-count >= 3 (now 1): does not hold"))
        #expect(lines.contains { $0.hasPrefix("  Waiting for ") && $0.hasSuffix(" >= 3 (now 1).") }, "\(lines)")
        #expect(lines.contains("LogMood(meh) failed: \(Tips1.Error.invalidMood.rawValue)"))
        let count = Tips1.Property.moodLogCount.rawValue
        let changed = lines.first { $0.hasPrefix("PropertiesChanged: ") && $0.contains("\(count)=1") }
        #expect(changed != nil, "no PropertiesChanged with \(count)=1 in:\n\(result.stdout)")
        #expect(lines.contains("\(count) is now 1"))
        #expect(try service.tips.moodLogCount() == 1)
    }
}
