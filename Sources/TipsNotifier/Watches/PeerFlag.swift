import DBus

/// A yes or no that a peer on the bus says of itself (a screen saver active, a notification server inhibited,
/// do-not-disturb on, a session locked): asked of the name's owner whenever one appears, then followed through the
/// peer's signals. While nobody owns the name it is no.
///
/// The question goes to the owner's unique name, which the bus cannot activate, so nothing is started to ask it; a
/// peer that cannot answer counts as saying no. Signals are believed only from the name's owner (``SignalRouter``).
final class PeerFlag {
    /// A method call whose reply's first value is the flag, or a variant holding it.
    struct Question {
        /// The peer's object.
        var path: String
        /// The method's interface.
        var interface: String
        /// The method.
        var member: String
        /// Its arguments.
        var arguments: [DBusValue] = []
    }

    /// A signal that says the flag, and how to read it from the signal's arguments (`nil`: it says nothing of it).
    typealias Signal = (rule: SignalRule, read: ([DBusValue]) -> Bool?)

    /// Whether the peer says yes.
    private(set) var isOn = false
    /// Whether the bus said who owns the name and, when someone does, that owner answered (or failed to).
    private(set) var isSettled = false
    /// Called from dispatch when ``isOn`` changes, or ``isSettled``.
    var onChange: (() -> Void)?
    private weak var connection: DBusConnection?
    private let question: Question
    private var owner: String?

    /// Starts following the flag of the peer that owns `name`.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    init(name: String, question: Question, signals: [Signal], connection: DBusConnection, router: SignalRouter)
        throws(DBusError)
    {
        self.question = question
        self.connection = connection
        for signal in signals {
            try router.add(signal.rule) { [weak self] message in
                guard let arguments = try? message.arguments, let on = signal.read(arguments) else { return }
                self?.update(on)
            }
        }
        try router.followOwner(of: name) { [weak self] owner in
            guard let self else { return }
            self.owner = owner
            guard let owner else { return self.settle(false) }
            // Unsettled until the new owner answers: what the last one said is not taken for its answer.
            self.isSettled = false
            self.onChange?()
            self.ask(owner)
        }
    }

    /// A boolean property of the peer's object, read with `Get` and followed through `PropertiesChanged`.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    convenience init(
        property: String, of interface: String, name: String, path: String, connection: DBusConnection,
        router: SignalRouter
    ) throws(DBusError) {
        let properties = "org.freedesktop.DBus.Properties"
        try self.init(
            name: name,
            question: Question(
                path: path, interface: properties, member: "Get", arguments: [.string(interface), .string(property)]),
            signals: [
                (
                    SignalRule(
                        sender: name, path: path, interface: properties, member: "PropertiesChanged",
                        firstArgument: interface),
                    { $0.count >= 2 ? $0[1].vardictValue?[property]?.boolValue : nil }
                )
            ],
            connection: connection, router: router)
    }

    private func ask(_ owner: String) {
        do {
            guard let connection else { throw DBusError.disconnected }
            try connection.call(
                destination: BusName(owner), path: ObjectPath(question.path),
                interface: InterfaceName(question.interface),
                member: MemberName(question.member), arguments: question.arguments, timeout: .seconds(5)
            ) { [weak self] result in
                guard let self, self.owner == owner else { return }
                let answer = (try? result.get())?.first
                self.settle(answer?.boolValue ?? answer?.variantValue?.boolValue ?? false)
            }
        } catch {
            settle(false)
        }
    }

    private func settle(_ on: Bool) {
        isSettled = true
        update(on, settling: true)
    }

    private func update(_ on: Bool, settling: Bool = false) {
        guard on != isOn || settling else { return }
        isOn = on
        onChange?()
    }
}
