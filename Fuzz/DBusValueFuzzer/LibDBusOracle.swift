import CDBus

/// What libdbus itself says about signatures and names: what the bus and every libdbus peer accept, which the
/// binding's own checks must agree with.
enum LibDBusOracle {
    /// Whether libdbus accepts `text` as a signature.
    static func isValidSignature(_ text: String) -> Bool {
        dbus_signature_validate(text, nil) != 0
    }

    /// Whether libdbus accepts `text` as exactly one complete type.
    static func isSingleCompleteType(_ text: String) -> Bool {
        dbus_signature_validate_single(text, nil) != 0
    }

    /// The complete types of a signature libdbus accepts, as its signature iterator walks them.
    static func completeTypes(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var types: [String] = []
        text.withCString { pointer in
            var iter = DBusSignatureIter()
            dbus_signature_iter_init(&iter, pointer)
            repeat {
                guard let type = dbus_signature_iter_get_signature(&iter) else { return }
                types.append(String(cString: type))
                dbus_free(type)
            } while dbus_signature_iter_next(&iter) != 0
        }
        return types
    }

    /// Whether libdbus accepts `text` as an object path, interface, member, error or bus name.
    static func accepts(_ kind: NameKind, _ text: String) -> Bool {
        switch kind {
        case .objectPath: dbus_validate_path(text, nil) != 0
        case .interface: dbus_validate_interface(text, nil) != 0
        case .member: dbus_validate_member(text, nil) != 0
        case .error: dbus_validate_error_name(text, nil) != 0
        case .bus: dbus_validate_bus_name(text, nil) != 0
        }
    }

    /// The kinds of name the binding validates, before it writes them and as it reads a peer's.
    enum NameKind: CaseIterable {
        case objectPath, interface, member, error, bus
    }
}
