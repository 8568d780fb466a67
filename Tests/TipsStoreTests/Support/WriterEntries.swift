import TipsCore

/// The `number`-th mood `tips-store-writer` logs into a datastore: the same formula as its `entry(number:)`.
func writerEntry(number: Int) -> MoodEntry {
    let offsets = [-36_000, 0, 19_800, 20_700, 3_600, -12_600]
    return MoodEntry(
        mood: Mood.allCases[number % Mood.allCases.count],
        loggedAt: Instant(microsecondsSinceEpoch: 1_750_000_000_000_000 + Int64(number) * 1_000_003),
        utcOffset: offsets[number % offsets.count])
}
