import DBus

/// Delivers a connection's signals to handlers by rule, each rule added to the bus as a match rule of its own.
///
/// `DBusConnection.subscribeSignals` cannot filter on an argument, and a `NameOwnerChanged` rule without `arg0`
/// would wake the process for every client that joins or leaves the bus; the router adds exact rules and takes over
/// the connection's `onSignal`.
public final class SignalRouter {
    private struct Route {
        let rule: SignalRule
        let handler: (DBusMessage) -> Void
    }

    private weak var connection: DBusConnection?
    private var routes: [Route] = []

    /// Routes the signals `connection` receives; replaces its `onSignal`.
    public init(connection: DBusConnection) {
        self.connection = connection
        connection.onSignal = { [weak self] message in self?.route(message) }
    }

    /// Calls `handler` for every signal `rule` selects, from dispatch.
    ///
    /// - Throws: `DBusError` when the bus refuses the match rule or the connection is gone.
    public func add(_ rule: SignalRule, handler: @escaping (DBusMessage) -> Void) throws(DBusError) {
        if rule.needsMatchRule {
            guard let connection else { throw .disconnected }
            try connection.addMatch(rule.matchRule)
        }
        routes.append(Route(rule: rule, handler: handler))
    }

    private func route(_ message: DBusMessage) {
        for route in routes where route.rule.matches(message) {
            route.handler(message)
        }
    }
}
