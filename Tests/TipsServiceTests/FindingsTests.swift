import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The red team's findings on stopping and datastore faults, each shown on the real service: what once went wrong, and that it no longer does.
@Suite("Faults found by a careful user, a backup tool or a buggy client")
struct FindingsTests {
    /// The moods `sqlite3` reads from a copy of the datastore file alone, made while the service is stopped.
    static func moodsInACopyOfTheFileAlone(_ service: RunningService) throws -> String {
        let copy = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: service.datastore, toPath: copy.path("backup.sqlite"))
        return try TipKitOnTheBusTests.query(copy.path("backup.sqlite"), "SELECT group_concat(mood) FROM moods")
    }

    // A clean stop once left every row in tips.sqlite-wal: a backup of tips.sqlite alone was empty.
    @Test(arguments: [("SIGTERM", SIGTERM), ("SIGINT", SIGINT), ("the bus going away", 0)])
    func aCleanStopLeavesEverythingInTheFileAlone(_ how: String, _ signal: Int32) throws {
        let service = try RunningService()
        for mood in ["great", "good", "bad"] {
            try service.tips.logMood(mood: mood)
        }
        let daemon = try #require(service.daemon)
        if signal == 0 {
            service.bus.stop()
            #expect(daemon.waitForExit(timeout: .seconds(10)) == .exited(1), "\(how)")
        } else {
            daemon.send(signal: signal)
            #expect(daemon.waitForExit(timeout: .seconds(10)) == .exited(0), "\(how)")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(service.datastore)-wal"), "\(how)")
        #expect(try Self.moodsInACopyOfTheFileAlone(service) == "great,good,bad", "\(how)")
    }

    // After `rm tips.sqlite tips.sqlite-wal`, five acknowledged LogMood calls were once all gone after a restart.
    @Test func theDatastoreDeletedWhileRunningIsWrittenAgainAndNothingAcknowledgedIsLost() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "great")
        try FileManager.default.removeItem(atPath: service.datastore)
        try? FileManager.default.removeItem(atPath: "\(service.datastore)-wal")
        for count in 2...6 {
            #expect(try service.tips.logMood(mood: "good") == UInt32(count))
        }
        try service.restart()
        #expect(try service.tips.moodLogCount() == 6)
        #expect(try service.tips.exportMoods().arrayValue?.count == 6)
        #expect(
            service.lastLog.contains { $0.contains("was deleted while in use; wrote it again") }, "\(service.lastLog)")
    }

    // Deleted after the last write, the datastore was once closed at the stop into the deleted file: every mood went
    // with it. Closing looks at the path first, as a write does.
    @Test func theDatastoreDeletedAfterTheLastWriteIsWrittenAgainAsTheServiceStops() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "great")
        try service.tips.logMood(mood: "good")
        try FileManager.default.removeItem(atPath: service.datastore)
        try? FileManager.default.removeItem(atPath: "\(service.datastore)-wal")
        #expect(try service.tips.moodLogCount() == 2, "reads keep working")
        #expect(service.stop() == .exited(0))
        #expect(FileManager.default.fileExists(atPath: service.datastore))
        #expect(!FileManager.default.fileExists(atPath: "\(service.datastore)-wal"), "the stop folds the WAL in")
        try service.restart()
        #expect(try service.tips.moodLogCount() == 2)
        #expect(try service.tips.exportMoods().arrayValue?.count == 2)
    }

    @Test func theDatastoreReplacedWhileRunningIsLeftAloneOursSavedBesideItAndWritesRefused() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "great")
        try FileManager.default.removeItem(atPath: service.datastore)
        #expect(try runTool("sqlite3", [service.datastore, "CREATE TABLE notes (body TEXT)"]).status == 0)
        do throws(DBusError) {
            try service.tips.logMood(mood: "good")
            Issue.record("a write went to a replaced datastore")
        } catch {
            guard case .remote(let name, let message) = error else { throw error }
            #expect(name == Tips1.Error.datastore.rawValue)
            #expect(message.contains("was replaced by another file") && message.contains(".saved-"), "\(message)")
        }
        #expect(try service.tips.moodLogCount() == 1, "reads keep working")
        #expect(service.answersPing())
        #expect(service.stop() == .exited(0))
        let saved = try FileManager.default.contentsOfDirectory(atPath: service.folder.path).filter {
            $0.contains(".saved-")
        }
        #expect(saved.count == 1)
        let moods = try TipKitOnTheBusTests.query(
            service.folder.appendingPathComponent(saved[0]).path, "SELECT mood FROM moods")
        #expect(moods == "great")
        #expect(try TipKitOnTheBusTests.query(service.datastore, "SELECT name FROM sqlite_schema") == "notes")
    }

    // A damaged page in the journal was once served at start, and every LogMood then failed while other writes
    // succeeded. The journal's pages are now read through as the service starts, before anything is written.
    @Test func aDamagedJournalIsRefusedAtStartNamingTheFileAndLeavingItIntact() throws {
        let service = try RunningService()
        let streams = (0..<4).map { _ in
            CallStream(address: service.bus.address) { index in
                index < 100 ? .init(.logMood, [.string("good"), .vardict([])]) : nil
            }
        }
        _ = streams.map { $0.finish() }
        #expect(service.stop() == .exited(0))
        let root = try #require(
            Int(
                try TipKitOnTheBusTests.query(
                    service.datastore, "SELECT rootpage FROM sqlite_schema WHERE name = 'moods'")))
        let pageSize = try #require(Int(try TipKitOnTheBusTests.query(service.datastore, "PRAGMA page_size")))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: service.datastore))
        for index in ((root - 1) * pageSize + 8)..<((root - 1) * pageSize + 72) { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: service.datastore))

        let result = try runTool(
            try builtProduct("feels-tipsd"), ["--address", service.bus.address, "--datastore", service.datastore])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Datastore '\(service.datastore)' is corrupt"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written to it"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: service.datastore)) == bytes)
    }

    // `--display-frequency 10000000000000` once passed the parser and crashed every start after the first display.
    @Test func aDisplayFrequencyBeyondACenturyIsABadCommandLine() throws {
        let result = try runTool(try builtProduct("feels-tipsd"), ["--display-frequency", "10000000000000"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'10000000000000' is not a display frequency"), "\(result.stderr)")
        #expect(result.stderr.contains("up to 3155760000"))
    }

    // A 0400 datastore was once reported as "disk I/O error (SQLite code 3850)".
    @Test(.enabled(if: geteuid() == 0, "runs the service as another user"))
    func aReadOnlyDatastoreIsNamedAsSuch() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("tips.sqlite")
        #expect(try runTool("sqlite3", [path, "PRAGMA user_version"]).status == 0)
        #expect(chmod(folder.url.path, 0o755) == 0 && chown(folder.url.path, 65_534, 65_534) == 0)
        #expect(chown(path, 65_534, 65_534) == 0 && chmod(path, 0o400) == 0)
        let bus = try TestBus()
        let result = try runTool(
            "setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", try builtProduct("feels-tipsd"),
                "--address", bus.address, "--datastore", path,
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'\(path)': the file is read-only to this user"), "\(result.stderr)")
    }

    @Test(.enabled(if: geteuid() == 0, "mounts a read-only file system in a namespace of its own"))
    func aDatastoreOnAReadOnlyFileSystemIsNamedAsSuch() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("tips.sqlite")
        #expect(try runTool("sqlite3", [path, "PRAGMA user_version"]).status == 0)
        let bus = try TestBus()
        let script = "mount --bind \"$1\" \"$1\" && mount -o remount,bind,ro \"$1\" && shift && exec \"$@\""
        let result = try runTool(
            "unshare",
            [
                "-m", "--propagation", "private", "sh", "-c", script, "sh", folder.url.path,
                try builtProduct("feels-tipsd"),
                "--address", bus.address, "--datastore", path,
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'\(path)': the file system is read-only"), "\(result.stderr)")
    }

    // "Failed to connect to the bus: Failed to connect to the bus: …" and one identical line per failed write: a cause
    // is said once, and a repeated line is folded.
    @Test func aFailureRepeatedOnEveryCallIsLoggedOnceWithHowOftenItRepeated() throws {
        let service = try RunningService(launcher: DatastoreFaultTests.fileSizeLimit)
        let (_, refusal) = try DatastoreFaultTests.logMoodsUntilRefused(on: service)
        try #require(refusal != nil)
        for _ in 0..<5 {
            _ = try service.errorName { try $0.logMood(mood: "great") }
        }
        #expect(service.stop() == .exited(0))
        let failures = service.lastLog.filter { $0.contains("Failed to save") }
        #expect(failures.count == 1, "\(service.lastLog)")
        #expect(failures.first?.components(separatedBy: "'\(service.datastore)'").count == 2, "the path is said once")
        #expect(
            service.lastLog.contains { $0.contains("The previous message was repeated 5 more times") },
            "\(service.lastLog)")
    }

    // SIGHUP and SIGUSR1 once ended the service with no line at all.
    @Test(arguments: [("SIGHUP", SIGHUP), ("SIGUSR1", SIGUSR1), ("SIGUSR2", SIGUSR2)])
    func aReloadOrUserSignalIsLoggedAndIgnored(_ name: String, _ signal: Int32) throws {
        let service = try RunningService()
        let daemon = try #require(service.daemon)
        daemon.send(signal: signal)
        let line = daemon.readLine(from: .standardError, timeout: .seconds(5))
        #expect(line == "feels-tipsd: Received \(name); feels-tipsd has nothing to reload or report, ignoring")
        #expect(service.answersPing())
        #expect(daemon.isRunning)
    }

    @Test(arguments: ["unix:path=/run/dbus/system_bus_socket", "unix:path=/var/run/dbus/system_bus_socket,guid=0"])
    func theServiceRefusesTheSystemBus(_ address: String) throws {
        let folder = try TemporaryFolder()
        let result = try runTool(
            try builtProduct("feels-tipsd"), ["--address", address, "--datastore", folder.path("tips.sqlite")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is the system bus"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("tips.sqlite")), "nothing was created")
    }

    @Test func logsNeverCarryMoodData() throws {
        let service = try RunningService()
        for mood in ["horrible", "bad", "average", "good", "great"] {
            try service.tips.logMood(mood: mood)
        }
        _ = try service.errorName { try $0.logMood(mood: "ecstatic") }
        try service.tips.forgetMoods()
        #expect(service.stop() == .exited(0))
        let log = service.lastLog.joined(separator: "\n")
        for mood in ["horrible", "bad", "average", "good", "great", "ecstatic"] {
            #expect(!log.contains(mood), "the log holds '\(mood)': \(log)")
        }
    }

    // A tip displayed on 2027-03-10, then the clock set back a year, once held new tips back for a year and a day.
    @Test func aClockSetBackHoldsTheDisplayWindowNoLongerThanItsLength() throws {
        let folder = try TemporaryFolder()
        let clockFile = folder.path("faketime.rc")
        try "@2027-03-10 12:00:00\n".write(toFile: clockFile, atomically: true, encoding: .utf8)
        let service = try RunningService(
            environment: [
                "TZ": "UTC", "FAKETIME_TIMESTAMP_FILE": clockFile, "FAKETIME_NO_CACHE": "1", "DONT_FAKE_MONOTONIC": "1",
            ],
            launcher: ["faketime", "-f", "@2027-03-10 12:00:00", "sh", "-c", "unset FAKETIME; exec \"$@\"", "sh"])
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "CustomizeLayoutTip")
        let before = try service.tips.nextDisplayTime()
        #expect(before >= 1_804_766_400_000_000 && before < 1_804_766_460_000_000, "2027-03-11 12:00")

        try "@2026-03-10 12:00:00\n".write(toFile: clockFile, atomically: true, encoding: .utf8)
        try service.tips.settingsViewed()
        let after = try service.tips.nextDisplayTime()
        // libfaketime, reading its file again at each call, can put "now" microseconds before the time written there
        // (1,773,230,399,999,988 once): a second either way is the day the window must end on, a year is the fault.
        #expect(
            after >= 1_773_230_399_000_000 && after < 1_773_230_460_000_000, "2026-03-11 12:00, not 2027: \(after)")
        try service.restart()
        #expect(try service.tips.nextDisplayTime() == after, "stored")
    }
}
