import BusTestSupport
import Foundation

/// The files of this repository the tests read, and facts derived from them.
enum Repository {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The path of `relative` in the repository.
    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The text of `relative`.
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// The programs the Makefile builds and installs (its `PROGRAMS`), each with a man page and completions.
    static func programs() throws -> [String] {
        let line = try text("Makefile").split(separator: "\n").first { $0.hasPrefix("PROGRAMS = ") }
        return line.map { $0.dropFirst("PROGRAMS = ".count).split(separator: " ").map(String.init) } ?? []
    }
}

/// What a program's `--help` says.
struct ProgramHelp {
    /// The whole text.
    let text: String

    /// Runs the built `program --help`.
    init(_ program: String) throws {
        let result = try runTool(try builtProduct(program), ["--help"])
        guard result.status == 0 else { throw HelpFailed(program: program, result: result) }
        text = result.stdout
    }

    /// The lines of the section that starts with `title` (such as `Options:`), up to the next blank line.
    func section(_ title: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == title }) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// Every option the Options section names, such as `--address` and `-h`.
    var options: [String] {
        section("Options:").flatMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "," }).prefix { $0.hasPrefix("-") }.map(String.init)
        }.filter { $0.count > 1 }
    }

    /// The first word of every entry of the Commands section, such as `log` and `testing`, once each.
    var commands: [String] {
        var seen: [String] = []
        for line in section("Commands:") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            let word = String(line.dropFirst(2).prefix { $0 != " " })
            if !seen.contains(word) { seen.append(word) }
        }
        return seen
    }
}

/// `--help` failed.
struct HelpFailed: Error, CustomStringConvertible {
    let program: String
    let result: ToolResult
    var description: String { "\(program) --help exited with \(result.status): \(result.stderr)" }
}
