import Glibc

/// Follows one file by name with inotify(7): its creation, removal, replacement (a rename over it, as editors and
/// `ln -sf` do) and writes to it, whatever becomes of the folders on its way.
///
/// The file's folder is watched rather than the file, so the watch survives the file being replaced or not existing
/// yet, and so is the folder's own folder, for the folder being removed, renamed or made again (`rm -r
/// ~/.config/feels; mkdir ~/.config/feels`). While a folder is missing, the deepest one that exists is watched for
/// the next one to appear, and its own folder for it to go. When the file is a symbolic link, its target is
/// followed the same way (a dotfiles manager's link, whose target an editor replaces). Watches move as the folders
/// come and go; a folder above the two watched that is replaced by a link elsewhere is not noticed.
///
/// Register ``descriptor`` with an event loop and call ``drainEvents()`` when it is readable.
public final class PathWatch {
    /// The file followed.
    public let path: String
    /// The inotify descriptor, non-blocking; readable when something happened in a folder watched.
    public let descriptor: Int32
    private var watches: [Int32: Watched] = [:]

    /// One folder watched, and the names in it that matter.
    private struct Watched: Equatable {
        var folder: String
        var names: Set<String>
        var mask: UInt32
    }

    // The file's own folder: everything that happens to an entry. A folder above it: only entries coming and going,
    // so that files written there (an application saving its settings beside ours) never wake the process.
    private static let fileMask = UInt32(
        IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF
            | IN_MOVE_SELF)
    private static let entryMask = UInt32(
        IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Whether the folder above the file's is watched while the file's folder exists (see `init`).
    private let watchingTheFolderAbove: Bool

    /// Starts following `path`; its folder need not exist.
    ///
    /// - Parameter watchingTheFolderAbove: Whether the folder above the file's is watched too while the file's folder
    ///   exists, for the file's folder being made again (`rm -r ~/.config/feels; mkdir ~/.config/feels`). That
    ///   folder's entries coming and going wake the process: `~/.local/share` takes an application's recent files
    ///   several times a minute. Without it, the file's folder removed or renamed is still an event, and the watch
    ///   then moves up as usual until the folder is back.
    /// - Throws: `PathWatchError` when inotify is unavailable or no folder on the way can be watched.
    public init(path: String, watchingTheFolderAbove: Bool = true) throws(PathWatchError) {
        self.path = path
        self.watchingTheFolderAbove = watchingTheFolderAbove
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw PathWatchError(path: path, reason: String(cString: strerror(errno))) }
        if let failure = arm() {
            Glibc.close(descriptor)
            throw PathWatchError(path: path, reason: failure)
        }
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Reads every pending event, and moves the watches when a folder on the way came or went.
    ///
    /// - Returns: Whether any of them may concern the file followed.
    public func drainEvents() -> Bool {
        var concerned = false
        let headerSize = MemoryLayout<inotify_event>.size
        var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + headerSize <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes {
                    (
                        $0.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
                offset += headerSize + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    concerned = true
                    continue
                }
                // A watch removed when the watches moved still reports its end; it no longer matters.
                guard let watched = watches[watch] else { continue }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
                    || watched.names.contains(String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self))
                {
                    concerned = true
                }
            }
        }
        if concerned { _ = arm() }
        return concerned
    }

    /// Watches the folders the path needs now, and stops watching the others; again until what is watched is what
    /// the folders on disk call for, since one may come or go meanwhile.
    ///
    /// - Returns: Why nothing could be watched, if nothing could.
    private func arm() -> String? {
        var failure: String?
        for _ in 0..<8 {
            let plan = Self.plan(for: path, watchingTheFolderAbove: watchingTheFolderAbove)
            var armed: [Int32: Watched] = [:]
            failure = nil
            for wanted in plan {
                let watch = inotify_add_watch(descriptor, wanted.folder, wanted.mask | UInt32(IN_ONLYDIR))
                guard watch >= 0 else {
                    failure = "cannot watch folder '\(wanted.folder)': \(String(cString: strerror(errno)))"
                    continue
                }
                // Two folders of the plan may be one (through a link): the watch is shared, so is what it looks for.
                if var shared = armed[watch], shared != wanted {
                    shared.names.formUnion(wanted.names)
                    shared.mask |= wanted.mask
                    _ = inotify_add_watch(descriptor, shared.folder, shared.mask | UInt32(IN_ONLYDIR))
                    armed[watch] = shared
                } else {
                    armed[watch] = wanted
                }
            }
            for watch in watches.keys where armed[watch] == nil {
                inotify_rm_watch(descriptor, watch)
            }
            watches = armed
            if Self.plan(for: path, watchingTheFolderAbove: watchingTheFolderAbove) == plan { break }
        }
        return watches.isEmpty ? failure ?? "nothing to watch" : nil
    }

    /// The folders to watch for `path` as the disk stands: for the file and each link target on its way, the deepest
    /// existing folder (looking for the next name down) and the folder above it (looking for that folder's name), but
    /// for the file's own folder when `watchingTheFolderAbove` is false.
    private static func plan(for path: String, watchingTheFolderAbove: Bool) -> [Watched] {
        var plan: [Watched] = []
        var file = path
        for _ in 0..<8 {
            let folder = RegularFile.folder(of: file)
            let name = lastComponent(of: file)
            var existing = folder.isEmpty ? "." : folder
            var next = name
            while !isFolder(existing), existing != "/", existing != "." {
                next = lastComponent(of: existing)
                let above = RegularFile.folder(of: existing)
                existing = above.isEmpty ? "." : above
            }
            plan.append(Watched(folder: existing, names: [next], mask: next == name ? fileMask : entryMask))
            if existing != "/", existing != ".", watchingTheFolderAbove || next != name {
                let above = RegularFile.folder(of: existing)
                plan.append(
                    Watched(folder: above.isEmpty ? "." : above, names: [lastComponent(of: existing)], mask: entryMask))
            }
            guard next == name, let target = try? RegularFile.linkTarget(of: file) else { break }
            file = target
        }
        return plan
    }

    private static func lastComponent(of path: String) -> String {
        String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
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
