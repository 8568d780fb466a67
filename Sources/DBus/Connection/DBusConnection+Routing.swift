import CDBus

extension DBusConnection {
    private static let introspectable = "org.freedesktop.DBus.Introspectable"
    private static let properties = "org.freedesktop.DBus.Properties"
    private static let peer = "org.freedesktop.DBus.Peer"

    /// Serves the waiting calls, each caller's in turn, while libdbus holds nothing the socket has not taken: a reply
    /// then waits behind at most the socket's small buffer, not behind a queue of another caller's replies. A call the
    /// ``callGate`` holds back is served when it says; a `Peer` call never waits for it.
    func serveWaitingCalls() {
        while let raw, dbus_connection_get_outgoing_size(raw) == 0, let call = waitingCalls.next() {
            if let gate = callGate, call.interface?.rawValue != Self.peer, gate(call) {
                continue
            }
            serve(call)
        }
    }

    /// `GetMachineId`'s answer.
    private func machineID() -> Result<[DBusValue], DBusMethodError> {
        let outcome = withLibDBusError { dbus_try_get_local_machine_id($0) }
        guard let id = outcome.result else {
            return .failure(.failed("Cannot read the machine ID: \(outcome.error?.message ?? "unknown error")"))
        }
        defer { dbus_free(id) }
        return .success([.string(String(cString: id))])
    }

    /// Serves a method call the ``callGate`` held back, now that it may be: call from the connection's thread.
    public func serveHeldBack(_ message: DBusMessage) {
        serve(message)
    }

    /// Routes a method call and answers it, unless its method's handler answers through its reply.
    private func serve(_ message: DBusMessage) {
        guard let outcome = route(message) else { return }
        let reply = DBusDeferredReply(call: message, declared: nil, connection: self)
        switch outcome {
        case .success(let values): reply.succeed(values)
        case .failure(let error): reply.fail(error)
        }
    }

    /// The outputs of a call to a standard interface, or the error to answer with; `nil` when the method of an
    /// exported interface took the call, to answer through its reply.
    private func route(_ message: DBusMessage) -> Result<[DBusValue], DBusMethodError>? {
        guard let path = message.path, let member = message.member else {
            return .failure(.invalidArgs("Method call without a path or member"))
        }
        let interface = message.interface?.rawValue
        if interface == Self.peer {
            // Answered on every path, as libdbus answers it.
            switch member.rawValue {
            case "Ping": return .success([])
            case "GetMachineId": return machineID()
            default: return .failure(.unknownMethod("Unknown method '\(member)' in interface '\(Self.peer)'"))
            }
        }
        let object = objects[path]
        guard object != nil || isNode(path) else {
            return .failure(.unknownObject("Unknown object \(quoted(path.rawValue))"))
        }
        if let interface {
            switch interface {
            case Self.introspectable:
                return callIntrospectable(message, path: path, member: member)
            case Self.properties:
                guard let object else { return .failure(.unknownInterface("Unknown interface '\(interface)'")) }
                return callProperties(message, object: object, member: member)
            default:
                guard let found = object?.first(where: { $0.name.rawValue == interface }) else {
                    return .failure(.unknownInterface("Unknown interface '\(interface)'"))
                }
                guard let method = found.method(named: member) else {
                    return .failure(.unknownMethod("Unknown method '\(member)' in interface '\(interface)'"))
                }
                if let refused = found.refusal?() { return .failure(refused) }
                return invoke(method, message: message)
            }
        }
        // Without an interface, the first interface with a method of that name answers.
        if let found = object?.first(where: { $0.method(named: member) != nil }),
            let method = found.method(named: member)
        {
            if let refused = found.refusal?() { return .failure(refused) }
            return invoke(method, message: message)
        }
        switch member.rawValue {
        case "Ping", "GetMachineId":
            // A Peer method called without its interface (named with it, libdbus answers): only with no arguments.
            if let error = checkSignature(message, expected: "") { return .failure(error) }
            return member.rawValue == "Ping" ? .success([]) : machineID()
        case "Introspect": return callIntrospectable(message, path: path, member: member)
        case "Get", "GetAll", "Set":
            if let object { return callProperties(message, object: object, member: member) }
        default: break
        }
        return .failure(.unknownMethod("Unknown method '\(member)'"))
    }

    private func checkSignature(_ message: DBusMessage, expected: String) -> DBusMethodError? {
        let actual = message.signature
        guard actual != expected else { return nil }
        return .invalidArgs("Expected signature '\(expected)', got '\(actual)'")
    }

    /// Hands the call to `method`'s handler with the reply it answers through; `nil` once it has it.
    private func invoke(_ method: DBusMethod, message: DBusMessage)
        -> Result<[DBusValue], DBusMethodError>?
    {
        if let error = checkSignature(message, expected: method.inputSignature) { return .failure(error) }
        let arguments: [DBusValue]
        do {
            arguments = try message.arguments
        } catch {
            return .failure(.invalidArgs("Cannot read the arguments: \(error)"))
        }
        method.handler(
            arguments, DBusDeferredReply(call: message, declared: method.outputSignature, connection: self))
        return nil
    }

    /// Sends a reply; one that cannot be sent (the bus gone) is dropped, as its caller is gone too.
    func sendReply(_ reply: DBusMessage) {
        _ = try? send(reply)
    }

    // MARK: - Standard interfaces

    private func callIntrospectable(_ message: DBusMessage, path: ObjectPath, member: MemberName)
        -> Result<[DBusValue], DBusMethodError>
    {
        guard member.rawValue == "Introspect" else {
            return .failure(.unknownMethod("Unknown method '\(member)' in interface '\(Self.introspectable)'"))
        }
        if let error = checkSignature(message, expected: "") { return .failure(error) }
        guard let document = introspectionDocument(for: path) else {
            return .failure(.unknownObject("Unknown object \(quoted(path.rawValue))"))
        }
        return .success([.string(document)])
    }

    private func callProperties(_ message: DBusMessage, object: [DBusInterface], member: MemberName)
        -> Result<[DBusValue], DBusMethodError>
    {
        let expected: String
        switch member.rawValue {
        case "Get": expected = "ss"
        case "GetAll": expected = "s"
        case "Set": expected = "ssv"
        default: return .failure(.unknownMethod("Unknown method '\(member)' in interface '\(Self.properties)'"))
        }
        if let error = checkSignature(message, expected: expected) { return .failure(error) }
        guard let arguments = try? message.arguments, let interfaceName = arguments.first?.stringValue else {
            return .failure(.invalidArgs("Cannot read the arguments"))
        }
        // An empty interface name means any interface of the object.
        let interfaces =
            interfaceName.isEmpty ? object : object.first { $0.name.rawValue == interfaceName }.map { [$0] }
        guard let interfaces else {
            return .failure(.unknownInterface("Unknown interface \(quoted(interfaceName))"))
        }
        if let refused = interfaces.lazy.compactMap({ $0.refusal?() }).first { return .failure(refused) }
        if member.rawValue == "GetAll" {
            var entries: [(String, DBusValue)] = []
            for property in interfaces.flatMap(\.properties) {
                switch read(property) {
                case .success(let value): entries.append((property.name.rawValue, value))
                case .failure(let error): return .failure(error)
                }
            }
            return .success([.vardict(entries)])
        }
        let propertyName = arguments.count > 1 ? arguments[1].stringValue ?? "" : ""
        guard let property = interfaces.lazy.compactMap({ $0.property(named: propertyName) }).first else {
            return .failure(
                .unknownProperty("Unknown property \(quoted(propertyName)) in interface \(quoted(interfaceName))"))
        }
        if member.rawValue == "Get" {
            return read(property).map { [.variant($0)] }
        }
        return .failure(.propertyReadOnly("Property \(quoted(propertyName)) is read-only"))
    }

    private func read(_ property: DBusProperty) -> Result<DBusValue, DBusMethodError> {
        let value = property.get()
        guard value.signature == property.signature else {
            return .failure(
                .failed(
                    "Property '\(property.name)' has signature '\(property.signature)', its value '\(value.signature)'"
                ))
        }
        return .success(value)
    }
}

/// A caller's text in single quotes for an error message, cut to 64 Unicode scalars so that a huge argument (a body
/// string may be up to 128 MiB, an object path has no limit) cannot make a huge reply: `'org.example.…' (104857600
/// bytes)`. Scalars, not Characters: one Character may be megabytes long (a letter and a million combining accents).
func quoted(_ text: String) -> String {
    guard text.utf8.count > 64 else { return "'\(text)'" }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: text.unicodeScalars.prefix(64))
    return "'\(String(kept))…' (\(text.utf8.count) bytes)"
}
