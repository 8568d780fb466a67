import BusTestSupport
import DBus
import Foundation
import Testing

/// Where the session bus is found in an environment: the variable first, then the user's bus socket, as libdbus,
/// GDBus and sd-bus look.
@Suite("The session bus's address")
struct SessionAddressTests {
    @Test func theVariableComesFirst() throws {
        let bus = try TestBus()
        let address = DBusAddress.session(
            in: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/elsewhere", "XDG_RUNTIME_DIR": bus.directory.path])
        #expect(address == "unix:path=/elsewhere")
    }

    @Test func withoutTheVariableTheSocketInTheRuntimeFolderIsTheBusAndReachesIt() throws {
        let bus = try TestBus()
        let address = try #require(
            DBusAddress.session(in: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": bus.directory.path]))
        #expect(address == "unix:path=\(bus.directory.path)/bus")
        let connection = try DBusConnection(address: address)
        #expect(connection.uniqueName.hasPrefix(":"))
    }

    @Test func aRuntimeFolderWithoutASocketNamedBusNamesNoBus() throws {
        let folder = try TemporaryFolder()
        #expect(DBusAddress.session(in: ["XDG_RUNTIME_DIR": folder.url.path]) == nil)
        try Data().write(to: folder.url.appendingPathComponent("bus"))
        #expect(DBusAddress.session(in: ["XDG_RUNTIME_DIR": folder.url.path]) == nil, "a regular file is not a bus")
        #expect(DBusAddress.session(in: [:]) == nil)
    }
}
