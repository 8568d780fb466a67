/// The version of Feels Tips.
public enum FeelsTipsVersion {
    /// The version, as `--version` prints it.
    public static let current = "0.1.0"
}
