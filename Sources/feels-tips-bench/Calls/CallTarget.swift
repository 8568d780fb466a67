import DBus

/// Where a call goes: the bus name of the service, and the contract it speaks.
struct CallTarget: Sendable, Hashable {
    /// The name the service owns.
    let name: BusName
    /// How the service spells the calls.
    let spelling: ContractSpelling
}
