import Glibc

/// Follows one file by name with inotify(7): its creation, removal, replacement (a rename over it, as editors and
/// `ln -sf` do) and writes to it.
///
/// The folder is watched rather than the file, so the watch survives the file being replaced or not existing yet;
/// the folder must exist. Register ``descriptor`` with an event loop and call ``drainEvents()`` when it is readable.
public final class PathWatch {
    /// The file followed.
    public let path: String
    /// The inotify descriptor, non-blocking; readable when something happened in the folder.
    public let descriptor: Int32
    private let name: String

    /// Starts following `path`.
    ///
    /// - Throws: `PathWatchError` when inotify is unavailable or the folder cannot be watched.
    public init(path: String) throws(PathWatchError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw PathWatchError(path: path, reason: String(cString: strerror(errno))) }
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_ATTRIB)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw PathWatchError(path: path, reason: "cannot watch folder '\(folder)': \(reason)")
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Reads every pending event.
    ///
    /// - Returns: Whether any of them concerned the file followed.
    public func drainEvents() -> Bool {
        var concerned = false
        let headerSize = MemoryLayout<inotify_event>.size
        var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return concerned }
            var offset = 0
            while offset + headerSize <= count {
                let length = Int(
                    buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if eventName == name { concerned = true }
                offset += headerSize + length
            }
        }
    }
}

/// A file could not be followed.
public struct PathWatchError: Error, Equatable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// Why.
    public let reason: String

    /// "Cannot follow '/etc/localtime': …".
    public var description: String { "Cannot follow '\(path)': \(reason)" }
}
