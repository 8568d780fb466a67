/// Two services, each on a bus and datastore of its own: one with an empty journal, one with a full one.
final class JournalPair {
    /// The service whose journal starts empty.
    let empty: ServiceUnderTest
    /// The service whose journal was filled before it started.
    let full: ServiceUnderTest
    /// Moods in the full journal when it was filled.
    let moods: Int
    /// How long the fill took.
    let fillTime: Duration

    /// Starts both; the full one is stopped after creating its datastore, filled, and started again.
    ///
    /// - Throws: ``BenchError`` for a failed setup or an interruption.
    init(_ subject: Subject, moods: Int, progress: (String) -> Void) throws(BenchError) {
        let empty = try ServiceUnderTest.start(subject)
        let full: ServiceUnderTest
        do {
            full = try ServiceUnderTest.start(subject)
        } catch {
            empty.stop()
            throw error
        }
        let clock = ContinuousClock()
        let start = clock.now
        var total = 0
        var end = start
        do throws(BenchError) {
            full.stopDaemon()
            progress("filling a journal with \(moods) moods for \(subject.label)")
            total = try JournalFill.fill(datastore: full.datastorePath, moods: moods)
            end = clock.now
            try full.launch()
        } catch {
            empty.stop()
            full.stop()
            throw error
        }
        self.empty = empty
        self.full = full
        self.moods = total
        fillTime = start.duration(to: end)
    }

    /// What is measured.
    var subject: Subject { empty.subject }

    /// Stops both services.
    func stop() {
        empty.stop()
        full.stop()
    }
}
