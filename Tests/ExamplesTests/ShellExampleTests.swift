import BusTestSupport
import Testing

/// examples/shell: busctl calls, a property, one key of a tip's JSON and a refused call.
@Suite("The shell example")
struct ShellExampleTests {
    @Test func callsTheServiceWithBusctl() throws {
        let service = try RunningService()
        let (result, lines) = try Example.run([Example.path("shell/tips.sh")], on: service)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            Array(lines.prefix(5)) == [
                "LogMood great: u 1",
                "EligibleTips at every location: as 2 \"CustomizeLayoutTip\" \"TimeViewTip\"",
                "DisplayNextTip at every location: s \"CustomizeLayoutTip\"",
                "DisplayNextTip at DayView: s \"\"",
                "MoodLogCount: u 1",
            ])
        #expect(
            lines.contains {
                $0.hasPrefix("TimeViewTip: Ready, but another tip appeared recently: new tips wait until ")
            }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("LogMood meh: Call failed: 'meh' is not a mood") }, "\(result.stdout)")
        #expect(try service.tip("CustomizeLayoutTip")["display_count"]?.uint32Value == 1)
    }
}
