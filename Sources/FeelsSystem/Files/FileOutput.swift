import Glibc

/// Writing text to a file descriptor, whole.
public enum FileOutput {
    /// Writes every byte of `text` to `descriptor`, again after an interruption.
    ///
    /// - Returns: `false` when an error such as a closed pipe (with SIGPIPE ignored) stopped it.
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
