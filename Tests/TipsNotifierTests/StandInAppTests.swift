import BusTestSupport
import DBus
import Foundation
import Testing

/// The stand-in Feels app the desktop tests install: the bus starts it at the first call, as it starts the real
/// app, and it records what reaches it.
@Suite("The stand-in Feels app", .serialized)
struct StandInAppTests {
    @Test func theBusStartsItAtActivateActionAndItRecordsTheTipAndThePlatformData() throws {
        let bus = try TestBus()
        let app = try StandInFeelsApp(bus: bus)
        #expect(try !app.isRunning())

        try app.activateAction("show-tip", parameter: "TimeViewTip", platformData: ["activation-token": "token-1"])
        #expect(try app.isRunning())
        let activations = try app.activations()
        #expect(
            activations == [
                .init(
                    event: "action", action: "show-tip", parameter: "TimeViewTip",
                    platformData: ["activation-token": "token-1"])
            ], "\(activations)")
    }

    @Test func itsDesktopEntryIsValidAndDBusActivatable() throws {
        let bus = try TestBus()
        let app = try StandInFeelsApp(bus: bus)
        let validation = try runTool("desktop-file-validate", [app.desktopEntry.path])
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        let entry = try String(contentsOf: app.desktopEntry, encoding: .utf8)
        #expect(entry.contains("\nDBusActivatable=true\n"))
        #expect(app.desktopEntry.lastPathComponent == "org.feels.Feels.desktop")
    }
}
