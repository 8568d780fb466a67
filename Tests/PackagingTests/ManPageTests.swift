import BusTestSupport
import Foundation
import Testing

/// The man pages in `man/`: they build with scdoc, render without a warning, and say what the programs' `--help`
/// says.
@Suite("Man pages")
struct ManPageTests {
    static let sources =
        (try? FileManager.default.contentsOfDirectory(atPath: Repository.path("man")))?
        .filter { $0.hasSuffix(".scd") }.sorted() ?? []

    @Test func thereIsAPageForEachProgramAndTheInterface() throws {
        for program in try Repository.programs() + ["feels-tips-notifier"] {
            #expect(Self.sources.contains("\(program).1.scd"))
        }
        #expect(Self.sources.contains("org.feels.Tips1.5.scd"))
    }

    @Test(arguments: sources)
    func buildsAndRendersWithoutAWarning(_ source: String) throws {
        let folder = try TemporaryFolder()
        let page = folder.path(String(source.dropLast(".scd".count)))
        let scdoc = try runTool("sh", ["-c", "scdoc < \"$1\" > \"$2\"", "sh", Repository.path("man/\(source)"), page])
        try #require(scdoc.status == 0, "\(scdoc.stderr)")
        let man = try runTool(
            "man", ["--warnings", "-l", page], env: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8", "MANPAGER": "cat"])
        #expect(man.status == 0)
        #expect(man.stderr.isEmpty, "\(man.stderr)")
        #expect(man.stdout.contains("NAME") && man.stdout.contains("SEE ALSO"))
    }

    @Test func everyOptionInTheHelpIsInTheProgramsPage() throws {
        for program in try Repository.programs() {
            let page = try Repository.text("man/\(program).1.scd")
            for option in try ProgramHelp(program).options {
                #expect(page.contains("*\(option)*"), "\(program)(1) does not document \(option)")
            }
        }
    }

    @Test func everyCommandOfFeelsTipsHasAnEntry() throws {
        let page = try Repository.text("man/feels-tips.1.scd")
        let entries = page.split(separator: "\n").filter { $0.hasPrefix("*") }
        for command in try ProgramHelp("feels-tips").commands {
            #expect(entries.contains { $0.hasPrefix("*\(command)") }, "feels-tips(1) has no entry for \(command)")
        }
    }

    @Test func theExitStatusesOfFeelsTipsAreThoseOfItsHelp() throws {
        let help = try ProgramHelp("feels-tips").section("Exit status:")
        let statuses = help.compactMap { line in Int(line.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) }
        #expect(statuses == [0, 1, 2, 3, 4, 5])
        let page = try Repository.text("man/feels-tips.1.scd")
        let section = try #require(
            page.components(separatedBy: "# EXIT STATUS").last?.components(separatedBy: "\n# ").first)
        let documented = section.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("*"), line.hasSuffix("*") else { return nil }
            return Int(line.dropFirst().dropLast())
        }
        #expect(documented == statuses)
    }

    @Test func theEnvironmentTheHelpNamesIsInThePage() throws {
        let help = try ProgramHelp("feels-tips").section("Environment:")
        let variables = help.compactMap { line -> [Substring]? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map { $0.split(separator: ",") }
        }.flatMap { $0 }
        #expect(variables.count >= 4)
        let page = try Repository.text("man/feels-tips.1.scd")
        for variable in variables {
            #expect(page.contains("*\(variable)*"), "feels-tips(1) does not name \(variable)")
        }
    }
}
