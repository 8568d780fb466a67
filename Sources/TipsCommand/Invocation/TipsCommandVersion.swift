/// The version of `feels-tips`.
public enum TipsCommandVersion {
    /// The version, as `--version` prints it: Feels Tips' version, the same as `feels-tipsd --version` (a test
    /// checks that they agree).
    public static let current = "0.1.0"
}
