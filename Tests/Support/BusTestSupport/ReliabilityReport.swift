import Foundation

/// The figures the long reliability run reports: each suite adds a line to the file `FEELS_RELIABILITY_REPORT`
/// names, when it names one (`scripts/soak` does, and prints the file at the end). Nothing is written otherwise.
public enum ReliabilityReport {
    /// Adds `line` to the report.
    public static func record(_ line: String) {
        guard let path = ProcessInfo.processInfo.environment["FEELS_RELIABILITY_REPORT"], !path.isEmpty else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
