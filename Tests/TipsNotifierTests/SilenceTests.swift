import BusTestSupport
import DBus
import Foundation
import Testing

/// What the desktop's own settings silence is followed as silence: wait, show nothing, record nothing, and show the
/// tip once lifted. GNOME's switches for the entry the notifications name, through GSettings (the keyfile backend
/// here, which any backend stands for), and Xfce's do-not-disturb, through xfconf.
@Suite("Following the desktop's silence", .serialized)
struct SilenceTests {
    /// GNOME's notification settings for the Feels app, in a keyfile GSettings reads and follows.
    struct GNOMESettings {
        let file: URL

        init(under configHome: URL) throws {
            file = configHome.appendingPathComponent("glib-2.0/settings/keyfile")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        }

        func write(_ groups: [String: [String: String]]) throws {
            let text = groups.map { group, keys in
                "[\(group)]\n" + keys.map { "\($0)=\($1)\n" }.joined()
            }.joined(separator: "\n")
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        /// The environment of a notifier in a GNOME session whose settings are this keyfile.
        static let environment: [String: String?] = [
            "XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": "/usr/share/glib-2.0/schemas",
        ]
    }

    @Test(arguments: ["enable", "show-banners"])
    func gnomesPerAppSwitchForTheFeelsAppIsFollowedAndTheTipComesOnceItIsOn(key: String) throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let app = try StandInApp(address: service.bus.address, serviceDirectory: service.bus.serviceDirectory)
        let config = try TemporaryFolder()
        let settings = try GNOMESettings(under: config.url)
        let group = "org/gnome/desktop/notifications/application/org-feels-feels"
        try settings.write([group: [key: "false"]])
        var environment = GNOMESettings.environment
        environment["XDG_DATA_DIRS"] = app.dataFolder.path
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: environment)

        let said =
            key == "enable"
            ? "GNOME's notification settings turn off notifications of 'org.feels.Feels'"
            : "GNOME's notification settings turn off banners of 'org.feels.Feels'"
        #expect(notifier.waitForLog("Waiting: \(said)"), "\(notifier.log)")
        #expect(notifier.log.contains { $0.contains("and those of 'org.feels.Feels'") }, "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        let tip = try service.tip("CustomizeLayoutTip")
        #expect(tip.displayCount == 0)
        #expect(tip.notifiedAt == 0)

        try settings.write([group: [key: "true"]])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
    }

    @Test func gnomesSwitchesOfTheFeelsAppAreFollowedOnceTheAppIsInstalledWhileTheNotifierRuns() throws {
        let service = try RunningService()
        let server = try MockNotificationServer(address: service.bus.address)
        let app = try StandInApp(address: service.bus.address, serviceDirectory: service.bus.serviceDirectory)
        let config = try TemporaryFolder()
        let settings = try GNOMESettings(under: config.url)
        let group = "org/gnome/desktop/notifications/application/org-feels-feels"
        try settings.write([group: ["enable": "false"]])
        let data = try TemporaryFolder()
        var environment = GNOMESettings.environment
        environment["XDG_DATA_DIRS"] = data.url.path
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: environment)
        #expect(notifier.waitForLog("Waiting: Feels has not been used yet"), "\(notifier.log)")
        #expect(notifier.log.contains { $0.contains("and those of 'org.feels.Tips'") }, "\(notifier.log)")

        try FileManager.default.createSymbolicLink(
            at: data.url.appendingPathComponent("applications"),
            withDestinationURL: app.dataFolder.appendingPathComponent("applications"))
        try service.tips.settingsViewed()
        #expect(
            notifier.waitForLog(
                "Waiting: GNOME's notification settings turn off notifications of 'org.feels.Feels'"),
            "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        #expect(try eventually { try service.tip("CustomizeLayoutTip").notifiedAt == 0 })

        try settings.write([group: ["enable": "true"]])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
    }

    @Test func gnomesGlobalBannersSwitchIsFollowedToo() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let settings = try GNOMESettings(under: config.url)
        try settings.write(["org/gnome/desktop/notifications": ["show-banners": "false"]])
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: GNOMESettings.environment)
        #expect(notifier.waitForLog("Waiting: GNOME's notification banners are off"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        try settings.write(["org/gnome/desktop/notifications": ["show-banners": "true"]])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
    }

    @Test func outsideGNOMEItsSettingsAreNotRead() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let settings = try GNOMESettings(under: config.url)
        try settings.write(["org/gnome/desktop/notifications/application/org-feels-tips": ["enable": "false"]])
        var environment = GNOMESettings.environment
        environment["XDG_CURRENT_DESKTOP"] = "XFCE"
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: environment)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func xfcesDoNotDisturbIsFollowedAndTheTipComesOnceItIsOff() throws {
        let service = try RunningService.usedToday()
        let xfconf = try XfconfDaemon(address: service.bus.address)
        try xfconf.set(doNotDisturb: true)
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: Xfce's notifications are in do-not-disturb mode"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        #expect(try service.tip("CustomizeLayoutTip").notifiedAt == 0)

        try xfconf.set(doNotDisturb: false)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
    }

    @Test func xfconfdStartedLaterWithDoNotDisturbOnSilencesTheNextTip() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "immediate"])
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        let xfconf = try XfconfDaemon(address: service.bus.address)
        try xfconf.set(doNotDisturb: true)
        #expect(notifier.waitForLog("Waiting: Xfce's notifications are in do-not-disturb mode"), "\(notifier.log)")
        try server.close(1, reason: 2)
        #expect(notifier.waitForLog("The notification of 'CustomizeLayoutTip' was dismissed"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1, "nothing more while silenced")
        try xfconf.set(doNotDisturb: false)
        #expect(notifier.waitForLog("Showed 'TimeViewTip'"), "\(notifier.log)")
    }
}

/// xfconfd, Xfce's settings daemon, on a private bus with a config folder of its own.
final class XfconfDaemon {
    private let process: ChildProcess
    private let folder: TemporaryFolder
    private let address: String

    init(address: String) throws {
        self.address = address
        folder = try TemporaryFolder()
        process = try ChildProcess(
            "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd", [],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_CONFIG_HOME": folder.url.path])
        let client = try DBusConnection(address: address)
        defer { client.close() }
        guard try eventually(timeout: .seconds(10), { try hasOwner("org.xfce.Xfconf", on: client) }) else {
            throw ChildProcessError.timedOut("xfconfd to own org.xfce.Xfconf: \(process.lines(of: .standardError))")
        }
    }

    deinit {
        process.terminate()
    }

    /// Sets xfce4-notifyd's `/do-not-disturb`, as its settings dialog does.
    func set(doNotDisturb: Bool) throws {
        let result = try runTool(
            "xfconf-query",
            ["-c", "xfce4-notifyd", "-p", "/do-not-disturb", "-n", "-t", "bool", "-s", "\(doNotDisturb)"],
            env: ["DBUS_SESSION_BUS_ADDRESS": address])
        guard result.status == 0 else { throw ChildProcessError.timedOut("xfconf-query: \(result.stderr)") }
    }
}
