import BusTestSupport
import Foundation
import Testing

/// The notifier's autostart entry, read by systemd's own XDG autostart generator: a session started by systemd runs
/// the notifier's unit, so the generator must make no second one from the entry (the generator ignores
/// `X-GNOME-HiddenUnderSystemd`, and honours `X-systemd-skip`).
@Suite("The autostart entry under systemd")
struct AutostartTests {
    static let generator = "/usr/lib/systemd/user-generators/systemd-xdg-autostart-generator"

    /// Runs the generator on an autostart folder holding `entry` as `feels-tips-notifier.desktop`.
    ///
    /// - Returns: The files the generator made, relative to its output folders, and what it logged.
    static func generate(from entry: String) throws -> (units: [String], log: String) {
        let folder = try TemporaryFolder()
        let autostart = folder.path("config/autostart")
        try FileManager.default.createDirectory(atPath: autostart, withIntermediateDirectories: true)
        try entry.write(toFile: autostart + "/feels-tips-notifier.desktop", atomically: true, encoding: .utf8)
        let outputs = ["normal", "early", "late"].map { folder.path("out/\($0)") }
        for output in outputs {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        }
        let result = try runTool(
            generator, outputs,
            env: [
                "XDG_CONFIG_HOME": folder.path("config"), "XDG_CONFIG_DIRS": folder.path("no-system-config"),
                "XDG_CURRENT_DESKTOP": "KDE", "SYSTEMD_LOG_LEVEL": "debug", "SYSTEMD_LOG_TARGET": "console",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let units = outputs.flatMap { output in
            (FileManager.default.enumerator(atPath: output)?.allObjects as? [String] ?? []).map {
                "\(URL(fileURLWithPath: output).lastPathComponent)/\($0)"
            }
        }
        return (units.sorted(), result.stderr)
    }

    /// The entry `make install` writes, its Exec naming the built notifier (the generator skips an entry whose
    /// program does not exist, which would hide what it does with the keys).
    static func installedEntry() throws -> String {
        let bindir = URL(fileURLWithPath: try builtProduct("feels-tips-notifier")).deletingLastPathComponent().path
        return try Repository.text("desktop/feels-tips-notifier.desktop.in").replacingOccurrences(
            of: "@bindir@", with: bindir)
    }

    @Test
    func systemdsGeneratorSkipsTheEntry() throws {
        let (units, log) = try Self.generate(from: try Self.installedEntry())

        #expect(units.isEmpty, "\(units)")
        #expect(
            log.contains("feels-tips-notifier.desktop: not generating unit, marked as skipped by generator"), "\(log)")
    }

    // The control: without X-systemd-skip, X-GNOME-HiddenUnderSystemd alone, the generator makes a unit that would
    // start a second notifier beside feels-tips-notifier.service.
    @Test
    func withoutXSystemdSkipTheGeneratorWouldStartASecondNotifier() throws {
        let entry = try Self.installedEntry().split(separator: "\n").filter { !$0.hasPrefix("X-systemd-skip") }
            .joined(separator: "\n")
        #expect(entry.contains("X-GNOME-HiddenUnderSystemd=true"))

        let (units, _) = try Self.generate(from: entry)

        #expect(units.contains { $0.hasSuffix("app-feels\\x2dtips\\x2dnotifier@autostart.service") }, "\(units)")
    }
}
