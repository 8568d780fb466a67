extension TipsDatastore {
    /// Where the datastore lives by default: `$XDG_DATA_HOME/feels/tips.sqlite`, or
    /// `$HOME/.local/share/feels/tips.sqlite` when `XDG_DATA_HOME` is unset, empty or relative.
    ///
    /// The XDG Base Directory specification asks that a relative path in its variables be ignored.
    /// - Parameter environment: The process environment, such as `ProcessInfo.processInfo.environment`.
    /// - Returns: An absolute path.
    /// - Throws: `DatastoreError.noDataFolder` when neither variable gives an absolute path.
    public static func defaultPath(environment: [String: String]) throws(DatastoreError) -> String {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return joined(dataHome, "feels/tips.sqlite")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return joined(home, ".local/share/feels/tips.sqlite")
        }
        throw .noDataFolder(
            reason: "XDG_DATA_HOME is \(described(environment["XDG_DATA_HOME"])) and HOME is "
                + "\(described(environment["HOME"])); one of them must be an absolute path")
    }

    private static func joined(_ folder: String, _ relative: String) -> String {
        var folder = Substring(folder)
        while folder.hasSuffix("/") {
            folder = folder.dropLast()
        }
        return "\(folder)/\(relative)"
    }

    private static func described(_ value: String?) -> String {
        switch value {
        case nil: "unset"
        case ""?: "empty"
        case let relative?: "'\(relative)', which is relative"
        }
    }
}
