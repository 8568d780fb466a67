/// The fuzzer's source of randomness: xoshiro256** seeded through SplitMix64, so that one seed gives the same
/// messages on every run of the same build.
final class Dice: RandomNumberGenerator {
    /// The seed the run was started with, for the report and a rerun.
    let seed: UInt64
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose whole sequence follows from `seed`.
    init(seed: UInt64) {
        self.seed = seed
        var mixer = seed
        func splitMix() -> UInt64 {
            mixer &+= 0x9E37_79B9_7F4A_7C15
            var z = mixer
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    /// The next 64 random bits.
    func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
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
        let exponent = int(0...max(0, Int.bitWidth - limit.leadingZeroBitCount))
        return int(0...min(limit, (1 << exponent) - 1))
    }

    /// One index of `weights`, each chosen in proportion to its weight.
    func weighted(_ weights: [Int]) -> Int {
        var roll = int(0...(weights.reduce(0, +) - 1))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
