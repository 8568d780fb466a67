import BusTestSupport
import Testing

/// examples/shell: busctl calls with their options argument, the tip's words taken out of `--json=short`, a
/// property and a refused call.
@Suite("The shell example")
struct ShellExampleTests {
    @Test func presentsTipsWithBusctl() throws {
        let service = try RunningService(environment: try Example.serviceEnvironment(), testing: false)
        let (result, lines) = try Example.run([Example.path("shell/tips.sh")], on: service)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            Array(lines.prefix(2)) == [
                "LogMood great: u 1",
                "PresentNextTip DayView: shown true: TimeViewTip: View Your History",
            ])
        #expect(
            lines.dropFirst(2).first?.hasPrefix(
                "PresentTip CustomizeLayoutTip: shown false: Ready, but another tip appeared recently: "
                    + "new tips wait until ") == true, "\(result.stdout)")
        #expect(
            Array(lines.dropFirst(3).prefix(2)) == [
                "PresentTip TimeViewTip in de-DE: shown true: Sieh dir deinen Verlauf an (language 'de-DE')",
                "MoodLogCount: u 1",
            ])
        #expect(lines.contains { $0.hasPrefix("LogMood meh: Call failed: 'meh' is not a mood") }, "\(result.stdout)")
        // Both presents of TimeViewTip were recorded; CustomizeLayoutTip, held back, was not.
        #expect(try service.tip("TimeViewTip").displayCount == 2)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
    }
}
