import BusTestSupport
import DBus
import FeelsSystem
import Foundation
import Testing
import TipsInterface

/// `watch`: a line for each signal as it happens, across restarts of the service, until interrupted.
@Suite("watch")
struct WatchTests {
    @Test func watchPrintsALineWithTheLocalTimeWhenAnotherClientLogsAMood() throws {
        let service = try RunningService()
        let watch = try Self.watch(service, environment: ["TZ": "Asia/Kolkata"])
        defer { watch.kill() }
        let first = try #require(watch.readLine(timeout: .seconds(30)), "\(watch.lines(of: .standardError))")
        #expect(first.contains("  Watching  "), "\(first)")
        #expect(
            first.contains(
                "org.feels.Tips on the bus at '\(service.bus.address)': feels-tipsd \(FeelsTipsVersion.current) as :1.")
        )
        let before = Date()

        _ = try service.tips.logMood(mood: "great")

        let line = try #require(
            Self.line(from: watch, containing: "PropertiesChanged"), "\(watch.lines(of: .standardOutput))")
        #expect(line.contains(" MoodLogCount=1"), "\(line)")
        #expect(line.contains(" HasLoggedMoods=1"), "\(line)")
        let stamp = try #require(Self.time(of: line, zone: "Asia/Kolkata"), "no local timestamp in '\(line)'")
        #expect(stamp >= before.addingTimeInterval(-1) && stamp <= Date().addingTimeInterval(1), "\(line)")

        watch.send(signal: SIGINT)
        #expect(watch.waitForExit(timeout: .seconds(10)) == .exited(0))
    }

    @Test func watchGoesOnAcrossARestartOfTheService() throws {
        let service = try RunningService()
        let watch = try Self.watch(service)
        defer { watch.kill() }
        #expect(Self.line(from: watch, containing: "Watching") != nil, "\(watch.lines(of: .standardError))")

        try service.restart()

        let stopped = Self.line(from: watch, containing: "NameOwnerChanged")
        #expect(stopped?.contains("feels-tipsd stopped (was :1.") == true, "\(watch.lines(of: .standardOutput))")
        let started = Self.line(from: watch, containing: "NameOwnerChanged")
        #expect(started?.contains("feels-tipsd started as :1.") == true, "\(watch.lines(of: .standardOutput))")
        _ = try service.tips.logMood(mood: "good")
        let line = Self.line(from: watch, containing: "PropertiesChanged")
        #expect(line?.contains("MoodLogCount=1") == true, "\(watch.lines(of: .standardOutput))")
        #expect(watch.isRunning)
    }

    /// `TipChanged` carries the tip's location; `TipStatusChanged`, which said the status a second time, is gone.
    @Test func watchPrintsEachTipChangeWithTheTipsLocationAndWhatChanged() throws {
        let service = try RunningService()
        let watch = try Self.watch(service)
        defer { watch.kill() }
        #expect(Self.line(from: watch, containing: "Watching") != nil, "\(watch.lines(of: .standardError))")

        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tipClosed")

        let line = try #require(
            Self.line(from: watch, containing: "  TipChanged  "), "\(watch.lines(of: .standardOutput))")
        #expect(
            line.hasSuffix(
                "  TimeViewTip at DayView status=invalidated invalidation_reason=tip-closed should_display=false"),
            "\(line)")
        try service.tips.resetAllTips()
        let reset = try #require(Self.line(from: watch, containing: "TimeViewTip at DayView"))
        #expect(reset.contains(" status=available invalidation_reason=''"), "\(reset)")
    }

    @Test func watchInJSONWritesOneObjectALineForEachSignal() throws {
        let service = try RunningService()
        let watch = try Self.watch(service, json: true)
        defer { watch.kill() }
        let first = try Self.object(try #require(watch.readLine(timeout: .seconds(30))))
        #expect(first["event"] as? String == "watching")
        #expect((first["owner"] as? String)?.hasPrefix(":1.") == true)
        #expect(first["version"] as? String == FeelsTipsVersion.current)

        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tipClosed")

        let changed = try Self.object(
            try #require(Self.line(from: watch, containing: "\"\(Tips1.Signal.tipChanged.rawValue)\"")))
        #expect(changed[.id] as? String == "TimeViewTip")
        #expect(changed[.location] as? String == "DayView")
        let changes = try #require(changed["changes"] as? [String: Any])
        #expect(changes[.status] as? String == "invalidated")
        #expect(changes[.invalidationReason] as? String == "tip-closed")
        try service.tips.settingsViewed()
        let properties = try Self.object(try #require(Self.line(from: watch, containing: "\"PropertiesChanged\"")))
        #expect(properties["interface"] as? String == Tips1.name.rawValue)
        #expect((properties["changed"] as? [String: Any])?[.hasSeenSettings] as? Bool == true)
        #expect((properties["invalidated"] as? [Any])?.isEmpty == true)

        watch.send(signal: SIGTERM)
        #expect(watch.waitForExit(timeout: .seconds(10)) == .exited(0))
        for line in watch.lines(of: .standardOutput) {
            let object = try Self.object(line)
            #expect(object["event"] is String)
            #expect((object["time"] as? String).map(Self.isLocalISO8601) == true, "\(line)")
        }
    }

    /// A service started with `--testing` announces its testing switch on `org.feels.Tips1.Testing`; watch prints it.
    @Test func watchPrintsTheTestingSwitchOfAServiceThatServesIt() throws {
        let service = try RunningService()
        let watch = try Self.watch(service)
        defer { watch.kill() }
        #expect(Self.line(from: watch, containing: "Watching") != nil, "\(watch.lines(of: .standardError))")

        try service.testing.hideAllTips()

        let line = try #require(
            Self.line(from: watch, containing: "ActiveSwitch="), "\(watch.lines(of: .standardOutput))")
        #expect(line.contains("  PropertiesChanged  ") && line.hasSuffix(" ActiveSwitch=hide-all"), "\(line)")
    }

    // A unicast signal reaches a client whoever sent it, and watch once printed forged ones.
    @Test func watchPrintsNothingAnotherPeerForgesInTheServicesNameOrTheBuss() throws {
        let service = try RunningService()
        let watch = try Self.watch(service)
        defer { watch.kill() }
        #expect(Self.line(from: watch, containing: "Watching") != nil, "\(watch.lines(of: .standardError))")
        let name = try #require(try ForgedSignal.uniqueName(ofProcess: watch.pid, on: service.client))
        let address = service.bus.address
        let tipChanged = Tips1.Signal.tipChanged.rawValue
        try ForgedSignal.send(
            to: name, path: Tips1.objectPath.rawValue, Tips1.name.rawValue, tipChanged,
            ["'TimeViewTip'", "'DayView'", "{'status': <'forged'>}"], address: address)
        try ForgedSignal.send(
            to: name, path: "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameOwnerChanged",
            ["'\(Tips1.busName)'", "':1.1'", "''"], address: address)
        try ForgedSignal.send(
            to: name, path: "/org/feels/Other", Tips1.name.rawValue, tipChanged,
            ["'TimeViewTip'", "'DayView'", "@a{sv} {}"], address: address)
        // A real change after the forgeries: once its line is printed, the forgeries had their chance.
        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tip-closed")
        #expect(Self.line(from: watch, containing: "status=invalidated") != nil)
        let lines = watch.lines(of: .standardOutput)
        #expect(lines.filter { $0.contains("forged") || $0.contains("NameOwnerChanged") }.isEmpty, "\(lines)")
        #expect(lines.filter { $0.contains(tipChanged) && !$0.contains("invalidated") }.isEmpty, "\(lines)")
    }

    @Test func watchExitsThreeWhenTheBusGoesAway() throws {
        let service = try RunningService()
        let watch = try Self.watch(service)
        defer { watch.kill() }
        #expect(Self.line(from: watch, containing: "Watching") != nil)

        service.bus.stop()

        #expect(watch.waitForExit(timeout: .seconds(30)) == .exited(3))
        #expect(
            watch.lines(of: .standardError) == [
                "feels-tips: lost the connection to the bus at '\(service.bus.address)'"
            ])
    }

    // MARK: - Helpers

    static func watch(
        _ service: RunningService, json: Bool = false, environment: [String: String?] = [:]
    ) throws -> ChildProcess {
        try ChildProcess(
            try builtProduct("feels-tips"), ["--address", service.bus.address, "watch"] + (json ? ["--json"] : []),
            environment: environment)
    }

    /// The next line of `watch` containing `text`, skipping others, within `timeout`.
    static func line(from watch: ChildProcess, containing text: String, timeout: Duration = .seconds(30)) -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let line = watch.readLine(timeout: deadline - ContinuousClock.now) else { return nil }
            if line.contains(text) { return line }
        }
        return nil
    }

    /// The instant a text line starts with (`2026-11-30 21:50:01`), read in `zone`.
    static func time(of line: String, zone: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.date(from: String(line.prefix(19)))
    }

    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    /// `2026-11-30T16:20:01+01:00`.
    static func isLocalISO8601(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$"#, options: .regularExpression) != nil
    }
}
