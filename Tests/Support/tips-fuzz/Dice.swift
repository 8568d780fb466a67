/// The fuzzer's source of randomness: SplitMix64, so that one seed gives the same messages on every run of the same
/// build.
final class Dice: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose whole sequence follows from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `probability`.
    func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1.0p-53 < probability
    }

    /// A whole number in `range`.
    func int(_ range: ClosedRange<Int>) -> Int {
        var generator = self
        return Int.random(in: range, using: &generator)
    }

    /// One element of `choices`, which must not be empty.
    func pick<Element>(_ choices: [Element]) -> Element {
        choices[int(0...(choices.count - 1))]
    }

    /// A length in `0...limit` that is usually small: each doubling of the length is half as likely.
    func length(upTo limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        let exponent = int(0...(Int.bitWidth - limit.leadingZeroBitCount))
        return int(0...min(limit, (1 << exponent) - 1))
    }
}
