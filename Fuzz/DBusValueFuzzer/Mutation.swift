/// Changes made to bytes the binding wrote, as the input says: a byte set, a bit flipped, a byte counted up.
enum Mutation {
    /// Makes `count` changes to `bytes`, which must not be empty, each where and as `input` says.
    static func apply(_ bytes: inout [UInt8], _ input: inout FuzzInput, count: Int) {
        for _ in 0..<count {
            let position = Int(input.integer(UInt16.self)) % bytes.count
            switch input.below(3) {
            case 0: bytes[position] = input.byte()
            case 1: bytes[position] ^= 1 << (input.byte() % 8)
            default: bytes[position] = bytes[position] &+ 1
            }
        }
    }
}
