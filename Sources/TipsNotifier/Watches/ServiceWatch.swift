import DBus
import TipsCore

/// Follows `org.feels.Tips` as far as the notifier needs it: who serves it, the two properties that say when a
/// notification may be tried (`DaysUsingApp`, `NextDisplayTime`), and the tips' changes that concern a notification.
///
/// Every signal is believed only from the name's current owner at `/org/feels/Tips` (``SignalRouter``).
public final class ServiceWatch {
    /// The service's bus name.
    public static let name = "org.feels.Tips"
    /// Its object.
    public static let path = "/org/feels/Tips"
    /// Its interface.
    public static let interface = "org.feels.Tips1"

    /// What is known of the service.
    public private(set) var facts = NotifierFacts.Service()
    /// Called from dispatch when ``facts`` changes.
    public var onChange: (() -> Void)?
    /// Called from dispatch when a tip changed in a way that concerns its notification.
    public var onTipChange: ((TipID, TipChangeKind) -> Void)?
    private weak var connection: DBusConnection?

    /// Starts following the service.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    public init(connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.connection = connection
        try router.add(
            SignalRule(sender: Self.name, path: Self.path, interface: Self.interface, member: "TipStatusChanged")
        ) { [weak self] message in
            guard let arguments = try? message.arguments, arguments.count == 2,
                let id = arguments[0].stringValue, let status = arguments[1].stringValue
            else { return }
            switch status {
            case "invalidated": self?.onTipChange?(TipID(rawValue: id), .invalidated)
            case "available": self?.onTipChange?(TipID(rawValue: id), .mayBeDue)
            default: break
            }
        }
        try router.add(SignalRule(sender: Self.name, path: Self.path, interface: Self.interface, member: "TipChanged"))
        {
            [weak self] message in
            guard let arguments = try? message.arguments, arguments.count == 2, let id = arguments[0].stringValue,
                let changes = arguments[1].vardictValue
            else { return }
            if changes["notified_at"]?.int64Value == 0 { self?.onTipChange?(TipID(rawValue: id), .forgotten) }
            if changes["should_display"]?.boolValue == true { self?.onTipChange?(TipID(rawValue: id), .mayBeDue) }
        }
        try router.add(.propertiesChanged(sender: Self.name, path: Self.path)) { [weak self] message in
            guard let self, let arguments = try? message.arguments, arguments.count >= 2,
                arguments[0].stringValue == Self.interface, let changed = arguments[1].vardictValue
            else { return }
            self.update(changed)
        }
        try router.followOwner(of: Self.name) { [weak self] owner in
            guard let self else { return }
            self.facts = NotifierFacts.Service(known: true, owner: owner)
            if let owner { self.readProperties(of: owner) }
            self.onChange?()
        }
    }

    private func update(_ properties: [String: DBusValue]) {
        var facts = self.facts
        if let days = properties["DaysUsingApp"]?.uint32Value { facts.daysUsingApp = days }
        if let next = properties["NextDisplayTime"]?.int64Value {
            facts.nextDisplayTime = .some(next == 0 ? nil : Instant(microsecondsSinceEpoch: next))
        }
        guard facts != self.facts else { return }
        self.facts = facts
        onChange?()
    }

    /// Reads every property of a service that just appeared; until then the notifier lets the service's claim decide.
    private func readProperties(of owner: String) {
        guard let connection, let destination = try? BusName(owner) else { return }
        _ = try? connection.call(
            destination: destination, path: ObjectPath(Self.path), interface: "org.freedesktop.DBus.Properties",
            member: "GetAll", arguments: [.string(Self.interface)], timeout: .seconds(25)
        ) { [weak self] result in
            guard let self, self.facts.owner == owner, case .success(let values) = result,
                let properties = values.first?.vardictValue
            else { return }
            self.update(properties)
        }
    }
}
