import TipsInterface

/// A dictionary of the contract as `busctl --json=short` prints it: each key's value is `{"type": …, "data": …}`.
extension Dictionary where Key == String, Value == Any {
    /// The value of the tip key `key`, as busctl decoded it.
    func data(_ key: Tips1.Tip.Key) -> Any? {
        (self[key.rawValue] as? [String: Any])?["data"]
    }

    /// The D-Bus type busctl names for the tip key `key`.
    func type(_ key: Tips1.Tip.Key) -> String? {
        (self[key.rawValue] as? [String: Any])?["type"] as? String
    }
}
