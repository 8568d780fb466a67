import BusTestSupport
import DBus
import TipsInterface

/// The shell's tools on `org.feels.Tips1.Testing`, as `RunningService`'s own do on `org.feels.Tips1`.
extension RunningService {
    /// Runs `busctl call` on a method of the testing interface and decodes its `--json=short` output.
    func busctlCall(_ method: Tips1Testing.Method, _ signature: String = "", _ arguments: String...) throws
        -> BusctlReply
    {
        BusctlReply(
            try busctl(
                [
                    "--json=short", "call", Self.name.rawValue, Self.path.rawValue, Tips1Testing.name.rawValue,
                    method.rawValue,
                ] + (signature.isEmpty ? [] : [signature] + arguments)))
    }

    /// Runs `gdbus call` on a method of the testing interface.
    func gdbus(_ method: Tips1Testing.Method, _ arguments: String...) throws -> ToolResult {
        try runTool(
            "gdbus",
            [
                "call", "--address", bus.address, "--dest", Self.name.rawValue, "--object-path", Self.path.rawValue,
                "--method", "\(Tips1Testing.name.rawValue).\(method.rawValue)",
            ] + arguments)
    }

    /// Runs `dbus-send --print-reply` on a method of the testing interface.
    func dbusSend(_ method: Tips1Testing.Method, _ arguments: String...) throws -> ToolResult {
        try runTool(
            "dbus-send",
            [
                "--bus=\(bus.address)", "--print-reply", "--dest=\(Self.name.rawValue)", Self.path.rawValue,
                "\(Tips1Testing.name.rawValue).\(method.rawValue)",
            ] + arguments)
    }

    /// Runs `busctl get-property` on properties of `interface`.
    func busctlProperties(_ interface: InterfaceName, _ names: [String]) throws -> ToolResult {
        try busctl(["get-property", Self.name.rawValue, Self.path.rawValue, interface.rawValue] + names)
    }

}
