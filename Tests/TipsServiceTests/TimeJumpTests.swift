import BusTestSupport
import Foundation
import Testing

/// The wall clock set while the service runs, as by hand, by NTP stepping it, or on resume from suspend.
@Suite("Time that jumps")
struct TimeJumpTests {
    // Sets the system clock (to the time it already shows), so only the long run does it, as root.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FEELS_RELIABILITY_CLOCK"] == "1"))
    func theServiceReEvaluatesAtOnceWhenTheClockIsSet() throws {
        let service = try RunningService()
        let daemon = try #require(service.daemon)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // Setting the clock to what it shows is a discontinuous change for the kernel, as any step or resume is.
        try #require(clock_settime(CLOCK_REALTIME, &now) == 0, "clock_settime: \(String(cString: strerror(errno)))")
        let line = daemon.readLine(from: .standardError, timeout: .seconds(2))
        #expect(line?.contains("The system clock was set or the machine resumed") == true, "\(line ?? "nothing")")
        #expect(service.answersPing())
    }
}
