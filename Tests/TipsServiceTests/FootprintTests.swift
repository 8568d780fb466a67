import BusTestSupport
import Testing

/// What the shipped programs carry. One thread runs each program's loop, so none links the Swift concurrency
/// runtime or libdispatch, whose start-up alone maps about half a megabyte of code (docs/DESIGN.md,
/// "Architecture"): a `ContinuousClock` or a main-actor global would bring both in.
@Suite("Footprint")
struct FootprintTests {
    @Test(arguments: ["feels-tipsd", "feels-tips-notifier", "feels-tips"])
    func aProgramLinksNeitherTheConcurrencyRuntimeNorLibdispatch(_ program: String) throws {
        let result = try runTool("nm", [try builtProduct(program)])
        #expect(result.status == 0, "\(result.stderr)")
        // Defined when the runtime is linked in statically, undefined when the program calls into a shared one.
        let names = result.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last }
        #expect(names.contains("main"), "the symbol table was read")
        let concurrency = names.filter { name in
            name.hasPrefix("$sScM") || name.hasPrefix("$ss15ContinuousClock")
                // Not dispatch_async_f: ThreadSanitizer's runtime defines it to intercept libdispatch.
                || ["swift_task_enqueueGlobal", "libdispatch_init"].contains(name)
        }
        #expect(concurrency.isEmpty, "\(program) links \(concurrency.prefix(3))")
    }
}
