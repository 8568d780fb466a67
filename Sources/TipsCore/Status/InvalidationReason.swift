/// Why a tip was invalidated, after TipKit's `Tips.InvalidationReason`.
public enum InvalidationReason: String, CaseIterable, Hashable, Sendable {
    /// The user did what the tip suggests.
    case actionPerformed
    /// The user closed the tip.
    case tipClosed
    /// The tip reached its ``TipOptions/maxDisplayCount``.
    case displayCountExceeded
}

extension InvalidationReason {
    /// Reads a reason a caller may give, in any letter case, spelled on the bus (`action-performed`, `tip-closed`)
    /// or as TipKit spells it (`actionPerformed`, `tipClosed`).
    ///
    /// - Throws: ``TipsError/invalidReason(_:)`` for anything else, `displayCountExceeded` included:
    ///   only the engine gives that one.
    public init(callerReason text: String) throws(TipsError) {
        let folded = text.lowercased().filter { $0 != "-" }
        guard let reason = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }),
            reason != Self.displayCountExceeded
        else {
            throw .invalidReason(text)
        }
        self = reason
    }
}
