import BusTestSupport
import DBus
import Foundation

/// python3-dbusmock's `notification_daemon` template on a private bus: a notification server that records every
/// call, and sends `ActionInvoked` and `NotificationClosed` when told to.
final class MockNotificationServer {
    static let name: BusName = "org.freedesktop.Notifications"
    static let path: ObjectPath = "/org/freedesktop/Notifications"

    /// One `Notify` call, its arguments as the notifier sent them.
    struct NotifyCall {
        let appName: String
        let appIcon: String
        let summary: String
        let body: String
        let actions: [String]
        let hints: [String: DBusValue]
        let timeout: Int32

        /// The icon: the `image-path` hint (spec 1.2), `image_path` (1.1), or the app icon before that, as libnotify
        /// sends it for the server's specification version.
        var icon: String? {
            hints["image-path"]?.stringValue ?? hints["image_path"]?.stringValue ?? (appIcon.isEmpty ? nil : appIcon)
        }
    }

    private let process: ChildProcess
    private let client: DBusConnection

    /// How `Notify` misbehaves, as broken servers do.
    enum Misbehaviour {
        /// It answers with an error.
        case refusesNotify
        /// It answers id 0, which names no notification.
        case answersIDZero
        /// It never answers: its whole main loop hangs in `Notify`.
        case neverAnswersNotify
        /// It accepts the notification (id 1), then dies a moment later.
        case diesAfterAccepting
        /// It never answers `GetCapabilities`.
        case neverAnswersCapabilities
        /// It answers `Notify` (id 1) after the given number of seconds, its whole main loop busy meanwhile.
        case answersNotifyAfter(seconds: Int)
        /// It answers `Notify` (id 1) once the file at the path exists, its whole main loop busy meanwhile.
        case answersNotifyOnceFileExists(String)
    }

    /// Starts the mock server and waits until it owns `org.freedesktop.Notifications`.
    ///
    /// - Parameters:
    ///   - capabilities: What `GetCapabilities` answers.
    ///   - misbehaviour: How it misbehaves, if it does.
    init(
        address: String, capabilities: [String] = ["body", "body-markup", "actions", "icon-static"],
        misbehaviour: Misbehaviour? = nil
    ) throws {
        let parameters = #"{"capabilities": "\#(capabilities.joined(separator: " "))"}"#
        process = try ChildProcess(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", "notification_daemon", "-p", parameters],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        client = try DBusConnection(address: address)
        try waitForOwner(Self.name, of: process, on: client, what: "dbusmock's notification daemon")
        let code: (member: String, inputs: String, output: String, body: String)? =
            switch misbehaviour {
            case nil: nil
            case .refusesNotify?:
                (
                    "Notify", "susssasa{sv}i", "u",
                    "raise dbus.exceptions.DBusException('out of order', name='org.freedesktop.DBus.Error.Failed')"
                )
            case .answersIDZero?: ("Notify", "susssasa{sv}i", "u", "ret = dbus.UInt32(0)")
            case .neverAnswersNotify?: ("Notify", "susssasa{sv}i", "u", "import time; time.sleep(3600)")
            case .diesAfterAccepting?:
                (
                    "Notify", "susssasa{sv}i", "u",
                    "import os, threading; threading.Timer(0.3, lambda: os._exit(0)).start(); ret = dbus.UInt32(1)"
                )
            case .neverAnswersCapabilities?: ("GetCapabilities", "", "as", "import time; time.sleep(3600)")
            case .answersNotifyAfter(let seconds)?:
                ("Notify", "susssasa{sv}i", "u", "import time; time.sleep(\(seconds)); ret = dbus.UInt32(1)")
            case .answersNotifyOnceFileExists(let path)?:
                (
                    "Notify", "susssasa{sv}i", "u",
                    "import os, time\nwhile not os.path.exists('\(path)'):\n    time.sleep(0.05)\nret = dbus.UInt32(1)"
                )
            }
        if let code {
            try client.call(
                destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Mock", member: "AddMethod",
                arguments: [
                    .string(Self.name.rawValue), .string(code.member), .string(code.inputs), .string(code.output),
                    .string(code.body),
                ], timeout: .seconds(10))
        }
    }

    /// Whether the server process still runs.
    var isRunning: Bool { process.isRunning }

    deinit {
        stop()
        client.close()
    }

    /// Stops the server; the name goes with it.
    func stop() {
        process.terminate()
    }

    /// Every `Notify` call received so far, oldest first.
    func notifyCalls() throws -> [NotifyCall] {
        let reply = try client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Mock", member: "GetCalls",
            timeout: .seconds(10))
        let calls = reply.first?.arrayValue ?? []
        return calls.compactMap { call -> NotifyCall? in
            guard let fields = call.structureValue, fields.count == 3, fields[1].stringValue == "Notify",
                let arguments = fields[2].arrayValue?.compactMap(\.variantValue), arguments.count == 8
            else { return nil }
            return NotifyCall(
                appName: arguments[0].stringValue ?? "", appIcon: arguments[2].stringValue ?? "",
                summary: arguments[3].stringValue ?? "", body: arguments[4].stringValue ?? "",
                actions: arguments[5].stringArrayValue ?? [], hints: arguments[6].vardictValue ?? [:],
                timeout: arguments[7].int32Value ?? 0)
        }
    }

    /// The ids of every `CloseNotification` call received so far, oldest first.
    func closeCalls() throws -> [UInt32] {
        let reply = try client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Mock", member: "GetCalls",
            timeout: .seconds(10))
        return (reply.first?.arrayValue ?? []).compactMap { call -> UInt32? in
            guard let fields = call.structureValue, fields.count == 3, fields[1].stringValue == "CloseNotification"
            else { return nil }
            // dbusmock hands the number back as Python knows it: an int32 or an int64, whatever the signature said.
            let id = fields[2].arrayValue?.first?.variantValue
            return id?.uint32Value ?? id?.int32Value.map(UInt32.init) ?? id?.int64Value.map(UInt32.init)
        }
    }

    /// Sends `ActivationToken(id, token)`, as a server of specification 1.2 does before `ActionInvoked`.
    func emitActivationToken(_ token: String, on id: UInt32) throws {
        try emit("ActivationToken", "us", [.uint32(id), .string(token)])
    }

    /// The id the server gave the n-th notification (1, 2, …), as the template numbers them.
    static func id(ofCall index: Int) -> UInt32 { UInt32(index + 1) }

    /// Sends `ActionInvoked(id, action)`, as a server does when the user chooses an action.
    func invokeAction(_ action: String, on id: UInt32) throws {
        try emit("ActionInvoked", "us", [.uint32(id), .string(action)])
    }

    /// Sends `NotificationClosed(id, reason)`.
    func close(_ id: UInt32, reason: UInt32) throws {
        try emit("NotificationClosed", "uu", [.uint32(id), .uint32(reason)])
    }

    private func emit(_ member: String, _ signature: String, _ arguments: [DBusValue]) throws {
        try client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Mock", member: "EmitSignal",
            arguments: [
                .string(Self.name.rawValue), .string(member), .string(signature),
                .array("v", arguments.map { .variant($0) }),
            ], timeout: .seconds(10))
    }
}

/// Whether `name` has an owner on the bus.
func hasOwner(_ name: BusName, on client: DBusConnection) throws -> Bool {
    let reply = try client.call(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        member: "NameHasOwner", arguments: [.string(name.rawValue)], timeout: .seconds(5))
    return reply.first?.boolValue ?? false
}

/// Waits until `process` owns `name` on the bus, as a server that started well does.
///
/// - Throws: `ChildProcessError.timedOut` with what `what` said, when it exits or does not own the name in time.
func waitForOwner(_ name: BusName, of process: ChildProcess, on client: DBusConnection, what: String) throws {
    let started = try eventually { try hasOwner(name, on: client) || !process.isRunning }
    guard started, process.isRunning else {
        throw ChildProcessError.timedOut("\(what) to own '\(name.rawValue)': \(process.lines(of: .standardError))")
    }
}
