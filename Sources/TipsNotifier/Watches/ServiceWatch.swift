import DBus
import TipsCore
import TipsInterface

/// Follows `org.feels.Tips` as far as the notifier needs it: who serves it, the two properties that say when a
/// notification may be tried (`DaysUsingApp`, `NextDisplayTime`), and the tips' changes that concern a notification.
///
/// Every signal is believed only from the name's current owner at `/org/feels/Tips` (``SignalRouter``).
final class ServiceWatch {
    /// The service's bus name.
    static let name = Tips1.busName.rawValue
    /// Its object.
    static let path = Tips1.objectPath.rawValue

    /// What is known of the service.
    private(set) var facts = NotifierFacts.Service()
    /// Called from dispatch when ``facts`` changes.
    var onChange: (() -> Void)?
    /// Called from dispatch when a tip changed in a way that concerns its notification.
    var onTipChange: ((TipID, TipChangeKind) -> Void)?
    private weak var connection: DBusConnection?

    /// Starts following the service.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    init(connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.connection = connection
        try router.add(Tips1.Signal.tipChanged.rule) { [weak self] message in
            guard case .tipChanged(let id, _, let changes)? = Tips1.SignalMessage(message) else { return }
            let tip = TipID(rawValue: id)
            if changes.status == "invalidated" { self?.onTipChange?(tip, .invalidated) }
            if changes.notifiedAt == 0 { self?.onTipChange?(tip, .forgotten) }
            if changes.shouldDisplay == true || changes.status == "available" { self?.onTipChange?(tip, .mayBeDue) }
        }
        try router.add(.propertiesChanged(sender: Self.name, path: Self.path)) { [weak self] message in
            guard let self, let arguments = try? message.arguments, arguments.count >= 2,
                arguments[0].stringValue == Tips1.name.rawValue, let changed = arguments[1].vardictValue,
                let changes = try? Tips1.PropertyChanges(decoding: changed)
            else { return }
            self.update(days: changes.daysUsingApp, next: changes.nextDisplayTime)
        }
        try router.followOwner(of: Self.name) { [weak self] owner in
            guard let self else { return }
            self.facts = NotifierFacts.Service(known: true, owner: owner)
            if let owner { self.readProperties(of: owner) }
            self.onChange?()
        }
    }

    private func update(days: UInt32?, next: Int64?) {
        var facts = self.facts
        if let days { facts.daysUsingApp = days }
        if let next { facts.nextDisplayTime = .some(next == 0 ? nil : Instant(microsecondsSinceEpoch: next)) }
        guard facts != self.facts else { return }
        self.facts = facts
        onChange?()
    }

    /// Reads the properties of a service that just appeared; until then the notifier lets the service's claim decide.
    private func readProperties(of owner: String) {
        guard let connection, let destination = try? BusName(owner) else { return }
        let client = Tips1Client(connection: connection, destination: destination)
        _ = try? client.properties { [weak self] result in
            guard let self, self.facts.owner == owner, case .success(let properties) = result else { return }
            self.update(days: properties.daysUsingApp, next: properties.nextDisplayTime)
        }
    }
}
