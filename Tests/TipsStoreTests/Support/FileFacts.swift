import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every byte of the file at `path`.
func bytes(of path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The permission bits of the file or folder at `path`, or `nil` if there is nothing there.
func mode(of path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
}

/// The names in `folder`, sorted.
func contents(of folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
}

/// Writes `data` to a new file at `path`.
func write(_ data: Data, to path: String) throws {
    try data.write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
}

/// `count` bytes from the system's random number generator.
func randomBytes(_ count: Int) -> Data {
    var generator = SystemRandomNumberGenerator()
    return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
}
