import Glibc

@testable import DBus

// libFuzzer's entry points. The first byte of each input picks what the rest is read as: a signature, a name, a
// message body for both readers to load, values to build and append, values whose marshalled body is then changed here
// and there, or a whole message the binding writes and then changed. See scripts/fuzz.

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    switch input.byte() % 6 {
    case 0: SignatureProbe.run(&input)
    case 1: NameProbe.run(&input)
    case 2: BodyProbe.run(&input)
    case 3: ValueProbe.run(&input)
    case 4: MutatedBodyProbe.run(&input)
    default: MessageProbe.run(&input)
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    // With DBUS_VALUE_FUZZER_SEEDS=FOLDER, write the seed corpus there and exit.
    if let folder = getenv("DBUS_VALUE_FUZZER_SEEDS") {
        let written = SeedCorpus.write(to: String(cString: folder))
        print("DBusValueFuzzer: wrote \(written) seeds")
        exit(0)
    }
    return 0
}
