/// What the testing switches make of the tips, after TipKit's `Tips.showAllTipsForTesting()`,
/// `Tips.showTipsForTesting(_:)` and `Tips.hideAllTipsForTesting()`.
///
/// An override changes what is offered, never what is remembered: it lives as long as the engine value that holds
/// it (the service's lifetime), and no display made under it is recorded.
public enum TestingOverride: Hashable, Sendable {
    /// No override: the rules and the display window decide.
    case none
    /// Every tip is shown, whatever its rules, status and the display window say.
    case showAll
    /// These tips are shown whatever their rules, status and the display window say; the others follow the rules.
    case show(Set<TipID>)
    /// No tip is shown.
    case hideAll

    /// What the override does to one tip; `nil` when the rules decide.
    public func override(for id: TipID) -> TipOverride? {
        switch self {
        case .none: nil
        case .showAll: .shown
        case .show(let ids): ids.contains(id) ? .shown : nil
        case .hideAll: .hidden
        }
    }

    /// The override's name on D-Bus: `''`, `show-all`, `show-some` or `hide-all`.
    public var name: String {
        switch self {
        case .none: ""
        case .showAll: "show-all"
        case .show: "show-some"
        case .hideAll: "hide-all"
        }
    }
}

/// What a testing override does to one tip.
public enum TipOverride: String, Hashable, Sendable {
    /// The tip is shown for testing, whatever its rules say.
    case shown
    /// The tip is hidden for testing, whatever its rules say.
    case hidden
}
