/// Delivers a connection's signals to handlers by rule, believing only the real sender.
///
/// A rule that names a well-known sender (`org.feels.Tips`) is met only by a signal sent by that name's current
/// unique owner, which the router follows itself through the bus's `NameOwnerChanged`; a rule's path must match
/// exactly. The bus applies a match rule's sender to broadcast signals only: a unicast signal (addressed to this
/// connection) reaches it whoever sent it, so this check is what keeps another peer from forging one. Only the bus
/// itself can send as `org.freedesktop.DBus`.
///
/// Match rules and the questions about owners go out without waiting for the bus, which answers them in order; an
/// owner counts as unknown (and its name's signals are dropped) until the bus has said who it is.
public final class SignalRouter {
    private struct Route {
        let rule: SignalRule
        let handler: (DBusMessage) -> Void
    }

    private struct Followed {
        var owner: String?
        var known = false
        var observers: [(String?) -> Void] = []
    }

    private weak var connection: DBusConnection?
    private var routes: [Route] = []
    private var followed: [String: Followed] = [:]
    /// Called with a line for each thing the router refused to believe or could not do.
    public var onProblem: (String) -> Void = { _ in }

    /// Routes the signals `connection` receives; replaces its `onSignal`.
    public init(connection: DBusConnection) {
        self.connection = connection
        connection.onSignal = { [weak self] message in self?.route(message) }
    }

    /// Follows who owns `name`: `onChange` is called from dispatch once the bus has said (with the owner, or `nil`),
    /// then at each change. Asking never starts an activatable service.
    ///
    /// - Throws: `DBusError` when the questions cannot be sent.
    public func followOwner(of name: String, onChange: @escaping (String?) -> Void) throws(DBusError) {
        if followed[name] != nil {
            followed[name]?.observers.append(onChange)
            if let state = followed[name], state.known { onChange(state.owner) }
            return
        }
        followed[name] = Followed(observers: [onChange])
        guard let connection else { throw .disconnected }
        try addMatch(SignalRule.nameOwnerChanged(name).matchRule)
        try connection.call(
            destination: BusName(SignalRule.bus), path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetNameOwner", arguments: [.string(name)], timeout: .seconds(25)
        ) { [weak self] result in
            switch result {
            case .success(let values): self?.ownerChanged(name, to: values.first?.stringValue)
            case .failure(.remote(let error, _)) where error == "org.freedesktop.DBus.Error.NameHasNoOwner":
                self?.ownerChanged(name, to: nil)
            case .failure(let error):
                self?.onProblem("Failed to ask who owns '\(name)': \(error); taking it as nobody")
                self?.ownerChanged(name, to: nil)
            }
        }
    }

    /// Calls `handler` for every signal `rule` selects, from dispatch; a well-known sender's owner is followed.
    ///
    /// - Throws: `DBusError` when the match rule cannot be sent or the connection is gone.
    public func add(_ rule: SignalRule, handler: @escaping (DBusMessage) -> Void) throws(DBusError) {
        if rule.needsMatchRule {
            try addMatch(rule.matchRule)
        }
        if rule.hasWellKnownSender, let sender = rule.sender, followed[sender] == nil {
            try followOwner(of: sender) { _ in }
        }
        routes.append(Route(rule: rule, handler: handler))
    }

    private func addMatch(_ rule: String) throws(DBusError) {
        guard let connection else { throw .disconnected }
        try connection.call(
            destination: BusName(SignalRule.bus), path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "AddMatch", arguments: [.string(rule)], timeout: .seconds(25)
        ) { [weak self] result in
            if case .failure(let error) = result {
                self?.onProblem("The bus refused the match rule \(rule): \(error)")
            }
        }
    }

    private func ownerChanged(_ name: String, to owner: String?) {
        guard var state = followed[name] else { return }
        let owner = owner?.isEmpty == false ? owner : nil
        let changed = !state.known || state.owner != owner
        state.owner = owner
        state.known = true
        followed[name] = state
        guard changed else { return }
        for observer in state.observers { observer(owner) }
    }

    private func route(_ message: DBusMessage) {
        guard message.type == .signal else { return }
        if message.sender == SignalRule.bus, message.path?.rawValue == "/org/freedesktop/DBus",
            message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged"),
            let arguments = try? message.arguments, arguments.count == 3, let name = arguments[0].stringValue,
            followed[name] != nil
        {
            ownerChanged(name, to: arguments[2].stringValue)
        }
        var believed = false
        for route in routes {
            // A well-known sender's unique owner now, as far as the bus has said.
            let expected =
                route.rule.hasWellKnownSender ? route.rule.sender.flatMap { followed[$0]?.owner } : route.rule.sender
            if route.rule.matches(message, expectedSender: expected) {
                believed = true
                route.handler(message)
            }
        }
        if !believed, let forged = routes.first(where: { $0.rule.looksLike(message) }) {
            onProblem(
                "Ignored \(forged.rule.interface).\(forged.rule.member) from \(message.sender ?? "?") at "
                    + "'\(message.path?.rawValue ?? "?")': not sent by \(forged.rule.sender ?? "?")'s owner")
        }
    }
}

extension SignalRule {
    /// Whether `message` is a signal this rule would select from whoever and wherever it came: one that fails the
    /// rule only by its sender or path is a forgery worth a log line.
    fileprivate func looksLike(_ message: DBusMessage) -> Bool {
        var anywhere = self
        anywhere.path = nil
        anywhere.sender = nil
        return anywhere.matches(message, expectedSender: nil)
    }
}
