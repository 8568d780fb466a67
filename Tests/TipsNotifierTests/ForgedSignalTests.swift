import BusTestSupport
import DBus
import Foundation
import Testing

/// A unicast signal reaches the notifier whoever sent it: it believes only the current owner of the name a signal
/// must come from, at that name's object path, on the session bus and on the system bus alike.
@Suite("Forged signals", .serialized)
struct ForgedSignalTests {
    // Any session peer could once silence the notifier with a forged Inhibited, dunst paused or
    // org.gnome.ScreenSaver.ActiveChanged, with no screen saver running.
    @Test func silenceAndAbsenceForgedByAnotherPeerAreIgnored() throws {
        let service = try RunningService.usedToday()
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: no notification server"), "\(notifier.log)")
        let name = try #require(notifier.uniqueName)
        let address = service.bus.address
        try ForgedSignal.send(
            to: name, path: "/org/freedesktop/Notifications", "org.freedesktop.DBus.Properties", "PropertiesChanged",
            ["'org.freedesktop.Notifications'", "{'Inhibited': <true>}", "@as []"], address: address)
        try ForgedSignal.send(
            to: name, path: "/org/freedesktop/Notifications", "org.freedesktop.DBus.Properties", "PropertiesChanged",
            ["'org.dunstproject.cmd0'", "{'paused': <true>}", "@as []"], address: address)
        try ForgedSignal.send(
            to: name, path: "/org/gnome/ScreenSaver", "org.gnome.ScreenSaver", "ActiveChanged", ["true"],
            address: address)
        try ForgedSignal.send(
            to: name, path: "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameOwnerChanged",
            ["'org.feels.Feels'", "''", "':1.99'"], address: address)
        #expect(notifier.waitForLog("Ignored org.gnome.ScreenSaver.ActiveChanged from :1."), "\(notifier.log)")

        let server = try MockNotificationServer(address: service.bus.address)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
        #expect(notifier.count("Waiting: the notification server inhibits") == 0, "\(notifier.log)")
        #expect(notifier.count("Waiting: the screen is locked") == 0, "\(notifier.log)")
    }

    @Test func clicksAndClosesForgedByAnotherPeerAreIgnored() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let app = try StandInApp(address: service.bus.address, serviceDirectory: service.bus.serviceDirectory)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: ["XDG_DATA_DIRS": app.dataFolder.path])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        // Both of its connections: ours, for the service and the watches, and libnotify's, for the server.
        let names = try ForgedSignal.uniqueNames(ofProcess: notifier.child.pid, on: service.client)
        #expect(names.count == 2, "\(names)")
        for name in names {
            for (member, arguments) in [
                ("ActivationToken", ["uint32 1", "'forged-token'"]), ("ActionInvoked", ["uint32 1", "'default'"]),
                ("NotificationClosed", ["uint32 1", "uint32 1"]),
            ] {
                try ForgedSignal.send(
                    to: name, path: "/org/freedesktop/Notifications", "org.freedesktop.Notifications", member,
                    arguments, address: service.bus.address)
            }
        }

        // The real server's close comes after the forgeries: had one been believed, the tip would be gone already
        // and this close would find nothing to say.
        try server.close(1, reason: 2)
        #expect(notifier.waitForLog("was dismissed by the user (2)"), "\(notifier.log)")
        #expect(notifier.count("was clicked") + notifier.count("was expired") == 0, "\(notifier.log)")
        #expect(try app.activateActionCalls().isEmpty)
    }

    // Another user (nobody) once silenced the notifier with a forged logind LockedHint, on a bus with
    // Debian's system policy.
    @Test(.enabled(if: getuid() == 0, "runs a forger as the user nobody"))
    func anotherUsersForgedLockedHintOnTheSystemBusIsIgnored() throws {
        let service = try RunningService.usedToday()
        let logind = try MockLogind(systemPolicy: true)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url,
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": logind.bus.address, "XDG_SESSION_ID": MockLogind.sessionID])
        #expect(notifier.waitForLog("Following logind's LockedHint of session"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: no notification server"), "\(notifier.log)")
        let client = try DBusConnection(address: logind.bus.address)
        defer { client.close() }
        let system = try #require(try ForgedSignal.uniqueName(ofProcess: notifier.child.pid, on: client))
        try ForgedSignal.send(
            to: system, path: "/org/freedesktop/login1/session/\(MockLogind.sessionID)",
            "org.freedesktop.DBus.Properties", "PropertiesChanged",
            ["'org.freedesktop.login1.Session'", "{'LockedHint': <true>}", "@as []"], address: logind.bus.address,
            user: "nobody")
        #expect(notifier.waitForLog("Ignored org.freedesktop.DBus.Properties.PropertiesChanged"), "\(notifier.log)")

        let server = try MockNotificationServer(address: service.bus.address)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(notifier.count("Waiting: the screen is locked") == 0, "\(notifier.log)")
        withExtendedLifetime(server) {}
    }
}
