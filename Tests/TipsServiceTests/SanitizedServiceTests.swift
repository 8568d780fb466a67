import BusTestSupport
import Foundation
import Testing

/// scripts/sanitize builds everything with a sanitizer and runs these tests: the service they start must be the one
/// built with the same sanitizer, beside them, or its races and memory errors would go unseen.
@Suite("The service the tests drive")
struct SanitizedServiceTests {
    /// Each sanitizer by a symbol its runtime defines, found in the tests' own process, and the banner of its reports,
    /// found in any executable that carries the runtime.
    @Test(arguments: [
        ("__asan_init", "ERROR: AddressSanitizer"), ("__tsan_init", "WARNING: ThreadSanitizer"),
    ])
    func isBuiltWithTheSanitizerTheTestsAreBuiltWith(runtime: String, banner: String) throws {
        let service = try builtProduct("feels-tipsd")
        let binary = try Data(contentsOf: URL(fileURLWithPath: service))
        let testsHaveIt = dlsym(nil, runtime) != nil
        #expect(
            (binary.range(of: Data(banner.utf8)) != nil) == testsHaveIt,
            "the tests \(testsHaveIt ? "have" : "lack") \(runtime), '\(service)' the other")
    }
}
