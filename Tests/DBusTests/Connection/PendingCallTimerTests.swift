import BusTestSupport
import Testing

@testable import DBus
@testable import EventLoop

/// A connection's timeouts are one loop timer, set for the first pending call: once no call waits, no timer is left
/// to wake an idle program (the notifier woke once a minute with one left behind).
@Suite struct PendingCallTimerTests {
    @Test func aLoopKeepsNoTimerOnceEveryCallIsAnswered() throws {
        let service = try EchoService()
        let client = try service.client()
        let loop = try PollLoop()
        client.attach(to: loop)
        var answered = 0
        for _ in 0..<2 {
            try client.call(
                destination: EchoService.busName, path: EchoService.path, interface: EchoService.interface,
                member: "Concat", arguments: [.string("a"), .string("b")]
            ) { result in
                #expect((try? result.get()) == [.string("ab")])
                answered += 1
                if answered == 2 { loop.stop() }
            }
        }
        #expect(loop.nextTimeout() > 0, "a timer for the calls' timeout")
        let guardTimer = loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        loop.removeTimer(guardTimer)
        #expect(answered == 2)
        #expect(loop.nextTimeout() == -1, "no timer left to wake the loop")
    }
}
