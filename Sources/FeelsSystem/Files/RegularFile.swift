import Glibc

/// Reading and replacing a small file the user owns (a settings file), as a careful key-file reader does: only a
/// regular file is read, never more than a stated size, and a write goes through a symbolic link to its target.
public enum RegularFile {
    /// The bytes of the file at `path`, following symbolic links; `nil` when there is no such file (a dangling link
    /// included).
    ///
    /// The file is opened with `O_NONBLOCK` and checked with `fstat` before anything is read, so a FIFO, a folder or
    /// a device is refused at once and never blocks the reader.
    ///
    /// - Parameter limit: The largest size read, in bytes; a larger file is refused whole.
    /// - Throws: `RegularFileError` when the file is not a regular file, is larger than `limit` or cannot be read.
    public static func read(_ path: String, limit: Int) throws(RegularFileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT { return nil }
            // A socket cannot be opened at all (ENXIO); say what it is rather than "No such device or address".
            if let kind = kind(at: path) { throw .notARegularFile(kind: kind) }
            throw .system(reason: reason(error))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(reason: reason(errno)) }
        if let kind = FileKind(mode: status.st_mode) { throw .notARegularFile(kind: kind) }
        guard status.st_size <= limit else { throw .tooLarge(size: Int(status.st_size), limit: limit) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1_024)
        // The size is checked again as it is read: the file may be growing.
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .system(reason: reason(errno)) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= limit else { throw .tooLarge(size: bytes.count, limit: limit) }
        }
    }

    /// Replaces the file at `path` with `text` atomically: a temporary file beside it, written and synced, is
    /// renamed over it, and the folder synced. When `path` is a symbolic link (a dotfiles manager's), the link's
    /// final target is replaced and the link kept. Missing folders are created with mode 0700.
    ///
    /// - Parameter mode: The new file's mode, when there is none yet; a file replaced keeps its own.
    /// - Throws: `RegularFileError` when the target exists but is not a regular file, or a step fails.
    public static func replace(_ path: String, with text: String, mode: mode_t = 0o600) throws(RegularFileError) {
        let target = try resolvingLinks(path)
        var status = stat()
        var keptMode = mode
        if lstat(target, &status) == 0 {
            if let kind = FileKind(mode: status.st_mode) { throw .notARegularFile(kind: kind) }
            keptMode = status.st_mode & 0o7777
        } else if errno != ENOENT {
            throw .system(reason: reason(errno))
        }
        try createFolders(of: target)
        let temporary = "\(target).\(getpid()).tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(reason: reason(errno)) }
        var failure: Int32 = 0
        if fchmod(descriptor, keptMode) != 0 { failure = errno }
        if failure == 0, !FileOutput.write(text, to: descriptor) { failure = errno }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .system(reason: reason(failure))
        }
        // The rename is durable once the folder is.
        let folder = folder(of: target)
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The path a chain of symbolic links at `path` ends in: `path` itself when it is not a link. Only the last
    /// component is followed; the folders on the way are the kernel's to resolve.
    ///
    /// - Throws: `RegularFileError.system` for a loop (more than 40 links) or a link that cannot be read.
    public static func resolvingLinks(_ path: String) throws(RegularFileError) -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = try linkTarget(of: current) else { return current }
            current = target
        }
        throw .system(reason: reason(ELOOP))
    }

    /// Where the symbolic link at `path` points, as a path (relative to the link's folder when the link is);
    /// `nil` when `path` is not a link.
    ///
    /// - Throws: `RegularFileError.system` when the link cannot be read.
    public static func linkTarget(of path: String) throws(RegularFileError) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { throw .system(reason: reason(errno)) }
        let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let base = folder(of: path)
        return link.hasPrefix("/") || base.isEmpty ? link : "\(base)/\(link)"
    }

    /// The folder part of `path`: `/a/b` for `/a/b/c`, `/` for `/c`, `""` for `c`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates the folders on the way to `path` that are missing, with mode 0700.
    ///
    /// - Throws: `RegularFileError.system` naming the folder that could not be created.
    public static func createFolders(of path: String) throws(RegularFileError) {
        let folder = folder(of: path)
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw .system(reason: "cannot create folder '\(prefix)': \(reason(errno))")
            }
        }
    }

    private static func kind(at path: String) -> FileKind? {
        var status = stat()
        return stat(path, &status) == 0 ? FileKind(mode: status.st_mode) : nil
    }

    private static func reason(_ error: Int32) -> String {
        String(cString: strerror(error))
    }
}

/// What a path names when it is not a regular file.
public enum FileKind: String, Equatable, Sendable {
    case folder = "a folder"
    case fifo = "a FIFO"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case socket = "a socket"
    case symbolicLink = "a symbolic link"

    /// The kind of a file of `mode` (`st_mode`); `nil` for a regular file.
    init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .symbolicLink
        }
    }
}

/// A file could not be read or replaced; the caller names the file.
public enum RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path names a FIFO, a folder, a device or a socket.
    case notARegularFile(kind: FileKind)
    /// The file is larger than the reader takes.
    case tooLarge(size: Int, limit: Int)
    /// The system refused a step; the reason says which and why.
    case system(reason: String)

    /// "it is a FIFO, not a regular file": the reason, for a sentence that names the file.
    public var description: String {
        switch self {
        case .notARegularFile(let kind): "it is \(kind.rawValue), not a regular file"
        case .tooLarge(let size, let limit): "it is \(size) bytes long; a file over \(limit) bytes is not read"
        case .system(let reason): reason
        }
    }
}
