import Glibc

/// Writing text to a file descriptor, whole.
public enum FileOutput {
    /// Writes every byte of `text` to `descriptor`, again after an interruption.
    ///
    /// - Returns: `false` when an error such as a closed pipe (with SIGPIPE ignored) or a full disk stopped it; `errno`
    ///   then says which.
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                // write(2) returns 0 only when it cannot make progress, and sets no errno then.
                if written == 0 { errno = EIO }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
