import Glibc

/// The process's environment variables, read with `getenv(3)`.
public enum ProcessEnvironment {
    /// The value of `name`, or `nil` when it is unset.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The values of `names` that are set, by name.
    public static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            values[name] = value(name)
        }
        return values
    }
}
