import BusTestSupport
import Foundation
import Testing

/// What the service may touch and do: no shell, no network, nothing but its datastore and the session bus.
@Suite("Security")
struct SecurityTests {
    /// The dynamic symbols `path` takes from the C library, from `nm -D --undefined-only`.
    static func importedSymbols(of path: String) throws -> Set<String> {
        let result = try runTool("nm", ["-D", "--undefined-only", path])
        #expect(result.status == 0, "\(result.stderr)")
        return Set(
            result.stdout.split(separator: "\n").compactMap { line in
                line.split(separator: " ").last.map { String($0.split(separator: "@").first ?? $0) }
            })
    }

    @Test func theServiceNeverRunsAShellOrAnotherProgramAndOpensNoNetworkSocket() throws {
        let symbols = try Self.importedSymbols(of: try builtProduct("feels-tipsd"))
        #expect(symbols.contains("sqlite3_open_v2"), "the symbol table was read")
        let forbidden = [
            "system", "popen", "execv", "execve", "execvp", "execl", "execlp", "posix_spawn", "fork", "vfork",
        ]
        #expect(symbols.isDisjoint(with: forbidden), "\(symbols.intersection(forbidden))")
    }
}
