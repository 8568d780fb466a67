/// The notifier's settings could not be found, read or written.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` is an absolute folder.
    case noConfigFolder
    /// The file exists but cannot be read.
    case cannotRead(path: String, reason: String)
    /// The file holds a value that is neither `true` nor `false`.
    case invalidValue(path: String, line: Int, value: String)
    /// The file cannot be written.
    case cannotWrite(path: String, reason: String)

    /// A sentence naming the file.
    public var description: String {
        switch self {
        case .noConfigFolder:
            "Cannot find a folder for the settings: XDG_CONFIG_HOME and HOME are unset, empty or relative"
        case .cannotRead(let path, let reason):
            "Cannot read settings '\(path)': \(reason)"
        case .invalidValue(let path, let line, let value):
            "Settings '\(path)' line \(line): Enabled is '\(value)'; expected true or false"
        case .cannotWrite(let path, let reason):
            "Cannot write settings '\(path)': \(reason)"
        }
    }
}
