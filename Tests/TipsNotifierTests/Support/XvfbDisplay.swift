import BusTestSupport
import Foundation

/// An X display of its own for one test: Xvfb on a display number it picks, stopped when released; and a user's
/// pointer on it, through xdotool.
final class XvfbDisplay {
    /// The display, such as `:3`, for `DISPLAY`.
    let name: String
    private let xvfb: ChildProcess

    /// Starts Xvfb and waits until it says which display it took.
    init(width: Int = 1024, height: Int = 600) throws {
        xvfb = try ChildProcess(
            "Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
        guard let number = xvfb.readLine(timeout: .seconds(20)), Int(number) != nil else {
            throw ChildProcessError.timedOut("Xvfb to say its display: \(xvfb.lines(of: .standardError))")
        }
        name = ":\(number)"
    }

    deinit {
        xvfb.terminate()
    }

    /// The windows shown now (mapped and viewable) whose WM_CLASS contains `windowClass`, in xdotool's order.
    func visibleWindows(ofClass windowClass: String) throws -> [ViewableWindow] {
        try ViewableWindow.ofClass(windowClass, on: name)
    }

    /// Moves the pointer to (`x`, `y`) and clicks `button` (1 left, 2 middle, 3 right), as a user's mouse does.
    func click(x: Int, y: Int, button: Int = 1) throws {
        let result = try xdotool(["mousemove", "--sync", "\(x)", "\(y)", "click", "\(button)"])
        guard result.status == 0 else {
            throw FixtureFailure("xdotool could not click at \(x),\(y): \(result.stderr)")
        }
    }

    private func xdotool(_ arguments: [String]) throws -> ToolResult {
        try runTool("xdotool", arguments, env: ["DISPLAY": name])
    }
}
