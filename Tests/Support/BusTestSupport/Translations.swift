import Foundation
import Synchronization

/// The project's translations compiled for a test, and a generated locale to run the service in, without touching
/// the system: the machine may have only the C locales, so the locale is generated with `localedef` into a folder of
/// its own that `LOCPATH` names.
public enum Translations {
    /// The catalogs of `po/`, compiled with `msgfmt` into a `share/locale` folder once per test run.
    public static func catalogFolder() throws -> String {
        try cached.withLock { state in
            if let folder = state.catalogs { return folder }
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("feels-catalogs-\(getpid())")
            let po = repositoryRoot.appendingPathComponent("po")
            for language in try String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)
                .split(whereSeparator: \.isWhitespace)
            {
                let folder = root.appendingPathComponent("\(language)/LC_MESSAGES")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let result = try runTool(
                    "msgfmt",
                    [
                        "--check", "-o", folder.appendingPathComponent("feels-tips.mo").path,
                        po.appendingPathComponent("\(language).po").path,
                    ])
                guard result.status == 0 else { throw ToolFailed(tool: "msgfmt", output: result.stderr) }
            }
            state.catalogs = root.path
            return root.path
        }
    }

    /// A folder holding the locale `name` (such as `de_DE.UTF-8`), generated once per test run; give it to the
    /// service as `LOCPATH`.
    public static func localeFolder(for name: String) throws -> String {
        try cached.withLock { state in
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("feels-locales-\(getpid())")
            let target = root.appendingPathComponent(name)
            if state.locales.contains(name) { return root.path }
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let parts = name.split(separator: ".")
            let result = try runTool(
                "localedef", ["-i", String(parts[0]), "-f", parts.count > 1 ? String(parts[1]) : "UTF-8", target.path])
            guard result.status == 0 else { throw ToolFailed(tool: "localedef", output: result.stderr) }
            state.locales.insert(name)
            return root.path
        }
    }

    /// The environment that runs a process in `locale` with the project's translations.
    public static func environment(locale: String) throws -> [String: String?] {
        [
            "LANG": locale, "LC_ALL": nil, "LC_MESSAGES": nil, "LANGUAGE": nil,
            "LOCPATH": try localeFolder(for: locale), "TEXTDOMAINDIR": try catalogFolder(),
        ]
    }

    private struct State {
        var catalogs: String?
        var locales: Set<String> = []
    }

    private static let cached = Mutex(State())

    private static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// A tool a test needed failed.
public struct ToolFailed: Error, CustomStringConvertible {
    /// The tool.
    public let tool: String
    /// What it printed on stderr.
    public let output: String
    public var description: String { "\(tool) failed: \(output)" }
}
