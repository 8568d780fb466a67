// tips-store-writer PATH COUNT
//
// Opens the datastore at PATH and logs COUNT moods, one save(_:journal:) each, printing "ack <i>" only after the
// i-th save returned. The crash-safety test kills it at random and checks that every acknowledged mood survived.

import TipsCore
import TipsStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes all of `text` to `descriptor`, unbuffered, so that an ack is out before the next save starts.
func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            guard errno == EINTR else { exit(1) }
            continue
        }
        bytes = bytes.dropFirst(written)
    }
}

/// Stops with a one-line error on stderr.
func fail(_ message: String) -> Never {
    writeAll("tips-store-writer: \(message)\n", to: STDERR_FILENO)
    exit(1)
}

/// The `number`-th mood of the datastore's journal, a function of `number` alone so that the test can check every
/// entry. The crash-safety test repeats this formula.
func entry(number: Int) -> MoodEntry {
    let offsets = [-36_000, 0, 19_800, 20_700, 3_600, -12_600]
    return MoodEntry(
        mood: Mood.allCases[number % Mood.allCases.count],
        loggedAt: Instant(microsecondsSinceEpoch: 1_750_000_000_000_000 + Int64(number) * 1_000_003),
        utcOffset: offsets[number % offsets.count])
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    fail("usage: tips-store-writer PATH COUNT")
}
do throws(DatastoreError) {
    let datastore = try TipsDatastore(path: arguments[1])
    var state = try datastore.load()
    for index in 0..<count {
        state.parameters.moodLogCount += 1
        state.parameters.hasLoggedMoods += 1
        try datastore.save(state, journal: [.append(entry(number: state.parameters.moodLogCount))])
        writeAll("ack \(index + 1)\n", to: STDOUT_FILENO)
    }
} catch {
    fail(error.description)
}
