import Glibc

/// The machine's D-Bus ID, which `org.freedesktop.DBus.Peer.GetMachineId` answers with: 32 lowercase hexadecimal
/// digits, from `/var/lib/dbus/machine-id` or else `/etc/machine-id`, where libdbus and systemd read it.
enum MachineID {
    static let files = ["/var/lib/dbus/machine-id", "/etc/machine-id"]

    /// The ID, or why none could be read.
    static func local() -> Result<String, MachineIDError> {
        var reasons: [String] = []
        for file in files {
            switch read(file) {
            case .success(let id): return .success(id)
            case .failure(let reason): reasons.append(reason.description)
            }
        }
        return .failure(MachineIDError(reasons.joined(separator: "; ")))
    }

    /// The ID in `file`: its first line, which must be 32 hexadecimal digits.
    static func read(_ file: String) -> Result<String, MachineIDError> {
        guard let stream = fopen(file, "re") else {
            return .failure(MachineIDError("\(file): \(String(cString: strerror(errno)))"))
        }
        defer { fclose(stream) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), stream) != nil else {
            return .failure(MachineIDError("\(file) is empty"))
        }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let id = line.hasSuffix("\n") ? String(line.dropLast()) : line
        let hexadecimal = id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        guard id.utf8.count == 32, hexadecimal else {
            return .failure(MachineIDError("\(file) does not hold 32 lowercase hexadecimal digits"))
        }
        return .success(id)
    }
}

/// Why the machine ID could not be read.
struct MachineIDError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
