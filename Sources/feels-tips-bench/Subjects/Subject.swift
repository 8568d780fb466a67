import DBus
import TipsInterface

/// A program the bench measures: this build's `feels-tipsd`, a baseline `feels-tipsd` of another build, or
/// `tips-peerd`, the C sd-bus service doing the same work.
struct Subject {
    /// What the program is to the comparison. Sharing a bus with the C service's traffic changes a build's figures,
    /// so the baseline's bus carries a second C service (`peerBesideBaseline`), called in the same rounds but shown
    /// nowhere.
    enum Role {
        case build, baseline, peer, peerBesideBaseline
    }

    /// What the program is to the comparison.
    let role: Role
    /// The executable.
    let path: String

    /// Whether the program is a C service.
    var isPeer: Bool { role == .peer || role == .peerBesideBaseline }

    /// The bus name it owns: both feels-tipsd `org.feels.Tips`, each on a bus of its own; the C service
    /// `org.feels.TipsPeer`, so that it can share a feels-tipsd's bus.
    var busName: BusName { isPeer ? "org.feels.TipsPeer" : Tips1.busName }

    /// The short name in messages.
    var label: String { isPeer ? "tips-peerd" : role == .build ? "feels-tipsd" : "baseline feels-tipsd" }

    /// The command that serves on the bus at `address` from the datastore at `datastore`, with feels-tipsd's
    /// further `options`.
    func command(address: String, datastore: String, options: [String]) -> [String] {
        [path, "--address", address, "--datastore", datastore] + (isPeer ? ["--name", busName.rawValue] : options)
    }
}
