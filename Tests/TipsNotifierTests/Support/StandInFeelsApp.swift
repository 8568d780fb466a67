import BusTestSupport
import DBus
import Foundation

/// The Feels desktop app, as a stand-in installed for one test: `scripts/lib/standin-feels-app` (a GApplication
/// `org.feels.Feels` with a `show-tip` action of type `s`), a desktop entry `org.feels.Feels.desktop` with
/// `DBusActivatable=true` in an XDG data folder of its own, and its bus activation file in the private bus's service
/// folder, so the bus starts it at the first call, as it starts the real app.
///
/// Every activation that reaches it is in ``activations()``. A notifier finds it when its `XDG_DATA_DIRS` is
/// ``dataDirs``.
final class StandInFeelsApp {
    static let name: BusName = "org.feels.Feels"
    static let path: ObjectPath = "/org/feels/Feels"
    static let desktopEntryName = "org.feels.Feels.desktop"

    /// One activation the app received: `action` (`show-tip`, with the tip's id as `parameter`) or `activate`.
    struct Activation: Decodable, Equatable {
        let event: String
        let action: String?
        let parameter: String?
        let platformData: [String: String]?

        enum CodingKeys: String, CodingKey {
            case event, action, parameter
            case platformData = "platform_data"
        }
    }

    /// The desktop entry, `applications/org.feels.Feels.desktop` under the app's data folder.
    let desktopEntry: URL
    private let folder: TemporaryFolder
    private let client: DBusConnection
    private let record: URL

    /// Installs the app for `bus`: the desktop entry under a fresh data folder, the activation file in the bus's
    /// service folder.
    ///
    /// - Parameter display: An X display for the app's window; without one it shows none and only records.
    init(bus: TestBus, display: String? = nil) throws {
        folder = try TemporaryFolder()
        record = folder.url.appendingPathComponent("activations.jsonl")
        let applications = folder.url.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        desktopEntry = applications.appendingPathComponent(Self.desktopEntryName)
        let program = RepositoryScript.path("standin-feels-app")
        let command = "\(program) --record \(record.path) --linger 5\(display == nil ? "" : " --window")"
        try """
        [Desktop Entry]
        Type=Application
        Name=Feels
        Comment=A stand-in for the Feels app, installed for a test
        Icon=preferences-desktop-theme
        Exec=\(command)
        DBusActivatable=true

        """.write(to: desktopEntry, atomically: true, encoding: .utf8)
        // The bus starts services with its own environment: the display goes on the command line's environment.
        let environment = display.map { "/usr/bin/env DISPLAY=\($0) " } ?? ""
        try """
        [D-BUS Service]
        Name=\(Self.name.rawValue)
        Exec=\(environment)\(command) --gapplication-service

        """.write(
            to: bus.serviceDirectory.appendingPathComponent("\(Self.name.rawValue).service"), atomically: true,
            encoding: .utf8)
        client = try DBusConnection(address: bus.address)
    }

    deinit {
        if (try? isRunning()) == true {
            _ = try? client.call(
                destination: Self.name, path: Self.path, interface: "org.freedesktop.Application",
                member: "ActivateAction", arguments: [.string("quit"), .array(.variant, []), .vardict([:])],
                timeout: .seconds(5))
            _ = try? eventually(timeout: .seconds(5)) { try !isRunning() }
        }
        client.close()
    }

    /// `XDG_DATA_DIRS` for a process that should find the app: its data folder, then the system's.
    var dataDirs: String {
        "\(folder.url.path):/usr/local/share:/usr/share"
    }

    /// Whether the app runs now: `org.feels.Feels` has an owner.
    func isRunning() throws -> Bool {
        try hasOwner(Self.name, on: client)
    }

    /// Every activation the app recorded, oldest first.
    func activations() throws -> [Activation] {
        guard FileManager.default.fileExists(atPath: record.path) else { return [] }
        let decoder = JSONDecoder()
        return try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map { line in
            try decoder.decode(Activation.self, from: Data(line.utf8))
        }.filter { $0.event != "started" }
    }

    /// Calls `ActivateAction(action, [parameter], platformData)` on the app, as a notifier or launcher does; the bus
    /// starts the app if it is not running.
    func activateAction(_ action: String, parameter: String, platformData: [String: String] = [:]) throws {
        try client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.Application",
            member: "ActivateAction",
            arguments: [
                .string(action), .array(.variant, [.variant(.string(parameter))]),
                .vardict(platformData.mapValues { .string($0) }),
            ],
            timeout: .seconds(20))
    }
}
