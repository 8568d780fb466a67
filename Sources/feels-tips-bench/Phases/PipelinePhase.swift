import DBus

/// 500 `GetTips` of one tip sent at once by one client, which reads the replies as they come: how many are answered
/// within 10 s (an error is not an answer), and the time from the first call sent to the last reply read.
enum PipelinePhase {
    /// How many calls the client pipelines.
    static let calls = 500

    /// The two rows, answered and the time, of this build, the baseline and the C service.
    ///
    /// - Throws: ``BenchError/call(_:_:)`` when a call cannot be sent, ``BenchError/interrupted(_:)``.
    static func rows(build: ServiceUnderTest, baseline: ServiceUnderTest?, peer: ServiceUnderTest) throws(BenchError)
        -> [BudgetRow]
    {
        let runs = try [build, peer, baseline].map { (service) throws(BenchError) in try service.map(run) }
        func answered(_ index: Int) -> Quantity? {
            runs[index].map { Quantity(Double($0.answered), .answered(of: calls)) }
        }
        func time(_ index: Int) -> Quantity? { runs[index].map { Quantity($0.elapsed, .milliseconds) } }
        return [
            BudgetRow(
                what: "\(calls) pipelined GetTips: answered", build: answered(0), baseline: answered(2),
                floor: answered(1), budget: .allAnswered),
            BudgetRow(what: "\(calls) pipelined GetTips: time", build: time(0), baseline: time(2), floor: time(1)),
        ]
    }

    private static func run(_ service: ServiceUnderTest) throws(BenchError) -> (answered: Int, elapsed: Duration) {
        let tally = ReplyTally()
        let clock = ContinuousClock()
        let start = clock.now
        do {
            for _ in 0..<calls {
                try service.client.send(try CallKind.getTipsOne.message(to: service.name), timeout: .seconds(10)) {
                    if case .success = $0 { tally.answered += 1 }
                    tally.completed += 1
                }
            }
        } catch {
            throw .call("pipelined GetTips to \(service.subject.label)", error.description)
        }
        while tally.completed < calls, start.duration(to: clock.now) < .seconds(11) {
            try Interruption.check()
            _ = service.client.readWriteDispatch(timeout: .milliseconds(10))
            while service.client.hasIncoming, service.client.readWriteDispatch(timeout: .zero) {}
        }
        return (tally.answered, start.duration(to: clock.now))
    }

    /// The pipelined replies seen so far.
    private final class ReplyTally {
        var answered = 0
        var completed = 0
    }
}
