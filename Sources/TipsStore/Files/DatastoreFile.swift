import Glibc

/// Creates the datastore file and its folders with private modes, whatever the umask.
///
/// The file is created here rather than by SQLite so that its mode is 0600 from the first instant; SQLite then gives
/// the `-wal` file the same mode.
enum DatastoreFile {
    /// The mode of every folder this creates.
    static let folderMode: mode_t = 0o700
    /// The mode of the datastore file this creates.
    static let fileMode: mode_t = 0o600

    /// Makes sure a regular file exists at `path`, creating it and any missing folders when it does not.
    ///
    /// An existing file is left untouched: it is validated before anything writes to it.
    /// - Throws: `DatastoreError.cannotCreate` when a folder or the file cannot be created,
    ///   `DatastoreError.cannotOpen` when something other than a regular file is at `path`.
    static func createIfMissing(at path: String) throws(DatastoreError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw .cannotOpen(path: path, reason: "it is not a regular file")
            }
            return
        }
        // ENOTDIR: a folder of the path is a file, which creating the folders reports by name.
        guard errno == ENOENT || errno == ENOTDIR else {
            throw .cannotOpen(path: path, reason: systemError())
        }
        try createFolders(upTo: parent(of: path), for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor < 0 {
            // Another process created it between the stat and the open: validate theirs like any other file.
            guard errno == EEXIST else {
                throw .cannotCreate(path: path, reason: systemError())
            }
            return
        }
        defer { close(descriptor) }
        // The umask may have taken bits away; fchmod does not consult it.
        guard fchmod(descriptor, fileMode) == 0, fsync(descriptor) == 0 else {
            throw .cannotCreate(path: path, reason: systemError())
        }
        try syncFolder(parent(of: path), for: path)
    }

    /// Refuses a datastore path another user could redirect or read, and tightens modes looser than ours.
    ///
    /// A symbolic link is refused rather than followed, so that no link can make the service write its state into a
    /// file it did not mean to. The file must belong to this user, and its folder to this user or root, and a folder
    /// others may write to must be sticky (as `/tmp` is), so nobody else can swap the file. A file or WAL readable
    /// or writable by others (0666) is set back to 0600.
    /// - Returns: A sentence for each mode tightened, for the service to log.
    /// - Throws: `DatastoreError.cannotOpen` saying what is unsafe.
    static func secure(at path: String) throws(DatastoreError) -> [String] {
        let folder = parent(of: path)
        var status = stat()
        if lstat(folder, &status) == 0 {
            if status.st_uid != geteuid() && status.st_uid != 0 {
                throw .cannotOpen(
                    path: path, reason: "its folder '\(folder)' belongs to another user (uid \(status.st_uid))")
            }
            if status.st_mode & 0o022 != 0 && status.st_mode & S_ISVTX == 0 {
                throw .cannotOpen(path: path, reason: "its folder '\(folder)' can be written by other users")
            }
        }
        var notes: [String] = []
        for file in [path, "\(path)-wal"] where lstat(file, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFLNK {
                throw .cannotOpen(
                    path: path, reason: "'\(file)' is a symbolic link; a datastore must be a regular file of its own")
            }
            guard status.st_mode & S_IFMT == S_IFREG else { continue }
            if status.st_uid != geteuid() {
                throw .cannotOpen(path: path, reason: "'\(file)' belongs to another user (uid \(status.st_uid))")
            }
            let mode = status.st_mode & 0o777
            if mode & 0o077 != 0 {
                guard chmod(file, fileMode) == 0 else {
                    if errno == EROFS { throw .cannotOpen(path: path, reason: "the file system is read-only") }
                    throw .cannotOpen(path: path, reason: "cannot make '\(file)' private: \(systemError())")
                }
                notes.append("Made '\(file)' private: its mode was \(octal(mode)), now \(octal(fileMode))")
            }
        }
        return notes
    }

    /// Refuses a datastore that cannot be written, naming why: a read-only file, or a read-only file system.
    ///
    /// - Throws: `DatastoreError.cannotOpen`.
    static func checkWritable(_ path: String) throws(DatastoreError) {
        // The WAL is created beside the file, so the folder must take new files too.
        for (target, what) in [(path, "the file"), (parent(of: path), "its folder")]
        where access(target, W_OK) != 0 {
            switch errno {
            case EROFS: throw .cannotOpen(path: path, reason: "the file system is read-only")
            case EACCES: throw .cannotOpen(path: path, reason: "\(what) is read-only to this user")
            default: throw .cannotOpen(path: path, reason: "\(what) cannot be written: \(systemError())")
            }
        }
    }

    /// The device and inode of the file at `path`, or `nil` when there is none.
    static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Whether anything exists at `path`; the file is not opened, so no lock of this process is dropped.
    static func exists(atPath path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Creates every missing folder of `folder`, each with mode 0700, from the outermost in.
    private static func createFolders(upTo folder: String, for path: String) throws(DatastoreError) {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            var status = stat()
            if stat(prefix, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw .cannotCreate(path: path, reason: "'\(prefix)' is not a folder")
                }
                continue
            }
            guard errno == ENOENT else {
                throw .cannotCreate(path: path, reason: "'\(prefix)': \(systemError())")
            }
            if mkdir(prefix, folderMode) != 0 {
                guard errno == EEXIST else {
                    throw .cannotCreate(path: path, reason: "cannot create folder '\(prefix)': \(systemError())")
                }
                continue
            }
            guard chmod(prefix, folderMode) == 0 else {
                throw .cannotCreate(path: path, reason: "cannot set the mode of '\(prefix)': \(systemError())")
            }
            try syncFolder(parent(of: prefix), for: path)
        }
    }

    /// Flushes `folder` so that an entry just created in it survives a power loss.
    private static func syncFolder(_ folder: String, for path: String) throws(DatastoreError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: path, reason: "cannot open folder '\(folder)': \(systemError())")
        }
        defer { close(descriptor) }
        // Some file systems cannot sync a folder and say so with EINVAL; there is nothing more to do on them.
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw .cannotCreate(path: path, reason: "cannot sync folder '\(folder)': \(systemError())")
        }
    }

    /// The folder holding `path`: "/" for "/x", "." for a bare name.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else {
            return "."
        }
        let parent = path[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }

    private static func octal(_ mode: mode_t) -> String {
        "0" + String(mode, radix: 8)
    }
}

/// Which file a path names: two paths, or one path at two moments, name the same file when these agree.
struct FileIdentity: Hashable {
    /// The device holding the file.
    let device: UInt64
    /// The file's inode on that device.
    let inode: UInt64
}
