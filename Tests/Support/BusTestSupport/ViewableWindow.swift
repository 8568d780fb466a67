import Foundation

/// A window shown on an X display (mapped and viewable), and where it is on the screen.
public struct ViewableWindow: Equatable, Sendable {
    /// The X window id, as xdotool prints it.
    public let id: String
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    /// The windows of `display` shown now whose WM_CLASS contains `windowClass`, in xdotool's order.
    ///
    /// xdotool's `--onlyvisible` misses override-redirect windows such as a notification server's: xwininfo says
    /// which are viewable, and where.
    public static func ofClass(_ windowClass: String, on display: String) throws -> [ViewableWindow] {
        let ids = try runTool("xdotool", ["search", "--class", windowClass], env: ["DISPLAY": display]).stdout
        return try ids.split(separator: "\n").compactMap { id in
            let info = try runTool("xwininfo", ["-id", String(id)], env: ["DISPLAY": display])
            guard info.status == 0, info.stdout.contains("Map State: IsViewable") else { return nil }
            var fields: [String: Int] = [:]
            for line in info.stdout.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
                fields[parts[0].trimmingCharacters(in: .whitespaces)] = value
            }
            guard let x = fields["Absolute upper-left X"], let y = fields["Absolute upper-left Y"],
                let width = fields["Width"], let height = fields["Height"]
            else { return nil }
            return ViewableWindow(id: String(id), x: x, y: y, width: width, height: height)
        }
    }
}
