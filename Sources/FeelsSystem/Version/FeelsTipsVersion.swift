/// The version of Feels Tips, one for every program of it (`feels-tipsd`, `feels-tips`, `feels-tips-notifier`) and
/// for the package.
public enum FeelsTipsVersion {
    /// The version, as `--version` prints it.
    public static let current = "0.2.0"
}
