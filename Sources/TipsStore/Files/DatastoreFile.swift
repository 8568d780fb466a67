#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// - Returns: Whether the file was created.
    /// - Throws: `DatastoreError.cannotCreate` when a folder or the file cannot be created,
    ///   `DatastoreError.cannotOpen` when something other than a regular file is at `path`.
    @discardableResult
    static func createIfMissing(at path: String) throws(DatastoreError) -> Bool {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw .cannotOpen(path: path, reason: "it is not a regular file")
            }
            return false
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
            return false
        }
        defer { close(descriptor) }
        // The umask may have taken bits away; fchmod does not consult it.
        guard fchmod(descriptor, fileMode) == 0, fsync(descriptor) == 0 else {
            throw .cannotCreate(path: path, reason: systemError())
        }
        try syncFolder(parent(of: path), for: path)
        return true
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
}
