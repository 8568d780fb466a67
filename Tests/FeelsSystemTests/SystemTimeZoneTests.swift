import BusTestSupport
import Foundation
import Testing
import TipsCore

/// The C library's time zone, read in a child process (`tz-probe`) so that TZ never changes in the test process.
@Suite("The C library's time zone")
struct SystemTimeZoneTests {
    /// Instants around the 2026 daylight-saving changes of both hemispheres, and ordinary days.
    static let instants: [Int64] = [
        1_767_225_600, 1_774_746_000, 1_774_749_600, 1_775_350_000, 1_788_667_199, 1_788_667_200, 1_792_288_800,
        1_792_292_400, 1_796_054_603,
    ]

    /// What the probe prints for `instants` under `environment`: one (offset, day) per instant, then the identifier.
    static func probe(_ environment: [String: String?]) throws -> (offsets: [(Int, String)], identifier: String) {
        let result = try runTool(try builtProduct("tz-probe"), ["--once"] + instants.map(String.init), env: environment)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let offsets = lines.dropLast().map { line in
            let parts = line.split(separator: " ")
            return (Int(parts[0]) ?? .min, String(parts[1]))
        }
        return (offsets, String(lines.last?.dropFirst("identifier ".count) ?? ""))
    }

    @Test(arguments: ["Europe/Berlin", "America/Santiago", "Asia/Kolkata", "Australia/Lord_Howe", "America/New_York"])
    func namedZonesGiveFoundationsOffsetsAndDays(_ zone: String) throws {
        let (offsets, identifier) = try Self.probe(["TZ": zone])
        let reference = TimeZone(identifier: zone)!
        #expect(identifier == zone)
        for (instant, (offset, day)) in zip(Self.instants, offsets) {
            let date = Date(timeIntervalSince1970: Double(instant))
            let expected = reference.secondsFromGMT(for: date)
            #expect(offset == expected, "\(zone) at \(instant)")
            #expect(day == CalendarDay(Instant(secondsSinceEpoch: instant), utcOffset: expected).description)
        }
    }

    // POSIX TZ strings give the offset west of UTC: UTC+14 is 14 hours behind UTC. Foundation once read them the
    // other way round, and silently turned JST-9, CET-1CEST,… and <-03>3 into UTC.
    @Test(arguments: [
        ("UTC+14", -50_400, -50_400), ("GMT+5", -18_000, -18_000), ("UTC-3", 10_800, 10_800), ("JST-9", 32_400, 32_400),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 3_600, 7_200), ("<-03>3", -10_800, -10_800), ("", 0, 0),
    ])
    func posixStringsMeanWhatTheCLibrarySays(_ tz: String, _ january: Int, _ july: Int) throws {
        let result = try runTool(try builtProduct("tz-probe"), ["--once", "1767225600", "1783000000"], env: ["TZ": tz])
        let offsets = result.stdout.split(separator: "\n").prefix(2).map { Int($0.split(separator: " ")[0]) }
        #expect(offsets == [january, july], "TZ='\(tz)'")
    }

    // A TZ naming no zone of the database (a typo) once left the service saying "Europe/Berlinx" while the C library
    // counted in UTC.
    @Test func aZoneNameNotInTheDatabaseIsNamedAsTheUTCItCountsIn() throws {
        let (offsets, identifier) = try Self.probe(["TZ": "Europe/Berlinx"])
        #expect(offsets.allSatisfy { $0.0 == 0 })
        #expect(identifier == "UTC")
    }

    @Test func reloadingFollowsTheZoneFileWhenItIsReplaced() throws {
        let folder = try TemporaryFolder()
        let link = folder.url.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/Berlin")
        let probe = try ChildProcess(try builtProduct("tz-probe"), ["1796054603"], environment: ["TZ": link])
        #expect(probe.readLine() == "3600 2026-11-30")
        #expect(probe.readLine() == "identifier Europe/Berlin")
        let replacement = folder.url.appendingPathComponent("localtime.new").path
        try FileManager.default.createSymbolicLink(
            atPath: replacement, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(rename(replacement, link) == 0)
        probe.send(signal: SIGUSR1)
        #expect(probe.readLine() == "32400 2026-12-01")
        #expect(probe.readLine() == "identifier Asia/Tokyo")
    }
}
