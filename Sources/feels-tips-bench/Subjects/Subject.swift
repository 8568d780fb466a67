import DBus
import TipsInterface

/// A program the bench measures: this build's `feels-tipsd`, a baseline `feels-tipsd` of an earlier build, or
/// `tips-peerd`, the C service over sd-bus that does the same work and is every latency target's floor.
struct Subject: Hashable, Sendable {
    /// What the program is to the comparison.
    enum Role: Hashable, Sendable {
        /// The feels-tipsd the figures and targets are about.
        case build
        /// A feels-tipsd of an earlier build, measured the same way for the A/B.
        case baseline
        /// The C floor service.
        case peer
        /// A second C service beside the baseline, called in the same single-call rounds but measured for nothing:
        /// so that both feels-tipsd share their bus with the same traffic. Sharing the bus with the C service made
        /// a build measure 0.93–0.96 × an identical copy of itself on the other bus (docs/BENCHMARKS.md).
        case peerBesideBaseline
    }

    /// Whether the program is a C service.
    var isPeer: Bool { role == .peer || role == .peerBesideBaseline }

    /// What the program is to the comparison.
    let role: Role
    /// The executable.
    let path: String

    /// The bus name the program owns: both feels-tipsd own `org.feels.Tips` (each on a bus of its own), the C
    /// service `org.feels.TipsPeer`, so that it can share this build's bus.
    var busName: BusName {
        isPeer ? "org.feels.TipsPeer" : Tips1.busName
    }

    /// The short name in the tables.
    var label: String {
        switch role {
        case .build: "feels-tipsd"
        case .baseline: "baseline"
        case .peer: "C"
        case .peerBesideBaseline: "C, baseline's bus"
        }
    }

    /// The command that serves on the bus at `address` from the datastore at `datastore`.
    ///
    /// - Parameter displayFrequency: feels-tipsd's `--display-frequency`; the C service always behaves as
    ///   `immediate`.
    func command(address: String, datastore: String, displayFrequency: String) -> [String] {
        switch role {
        case .build, .baseline:
            [path, "--address", address, "--datastore", datastore, "--display-frequency", displayFrequency]
        case .peer, .peerBesideBaseline:
            [path, "--address", address, "--datastore", datastore, "--name", busName.rawValue]
        }
    }
}
