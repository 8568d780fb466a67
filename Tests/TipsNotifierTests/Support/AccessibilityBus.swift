import BusTestSupport
import DBus
import Foundation

/// The desktop's accessibility bus (AT-SPI) for one test: `at-spi-bus-launcher` on a private session bus and an X
/// display, so that the toolkits started after it put their widgets in the tree `scripts/lib/onscreen` reads.
final class AccessibilityBus {
    static let name: BusName = "org.a11y.Bus"
    private let launcher: ChildProcess
    private let address: String
    private let display: String

    /// Starts the launcher and waits until it owns `org.a11y.Bus`.
    init(address: String, display: String) throws {
        self.address = address
        self.display = display
        launcher = try ChildProcess(
            "/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display])
        let client = try DBusConnection(address: address)
        defer { client.close() }
        try waitForOwner(Self.name, of: launcher, on: client, what: "at-spi-bus-launcher")
    }

    deinit {
        launcher.terminate()
        // The accessibility bus's own dbus-daemon and the registry it started share the launcher's process group.
        launcher.killGroup()
    }

    /// The widgets `app` shows now, through `scripts/lib/onscreen`.
    func widgets(of app: String) throws -> [OnScreenWidget] {
        let result = try runTool(
            RepositoryScript.path("onscreen"), ["--app", app],
            env: ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display])
        // 3: nothing of the app on screen.
        guard result.status == 0 || result.status == 3 else {
            throw FixtureFailure("onscreen failed (\(result.status)): \(result.stderr)")
        }
        let decoder = JSONDecoder()
        return try result.stdout.split(separator: "\n").map { line in
            try decoder.decode(OnScreenWidget.self, from: Data(line.utf8))
        }
    }
}

/// One widget on screen as AT-SPI describes it: its role, accessible name, text, the roles it is inside, and its
/// box in screen pixels.
struct OnScreenWidget: Decodable, Equatable {
    let app: String
    let role: String
    let name: String
    let text: String?
    let inside: [String]
    let x: Int
    let y: Int
    let width: Int
    let height: Int

    /// The middle of its box, where a user clicks it.
    var center: (x: Int, y: Int) {
        (x + width / 2, y + height / 2)
    }

    /// Whether `other`'s box lies within this one's.
    func encloses(_ other: OnScreenWidget) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
