import Foundation

/// Finds a tool in `PATH`, to skip what needs it when it is missing rather than fail.
enum ExecutableSearch {
    /// The path of the executable `name` in `PATH`, or `nil`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
