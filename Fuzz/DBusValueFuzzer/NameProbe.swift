@testable import DBus

/// Name validation: each of the binding's validated name types must accept exactly what libdbus accepts.
enum NameProbe {
    static func run(_ input: inout FuzzInput) {
        let kind = LibDBusOracle.NameKind.allCases[input.below(LibDBusOracle.NameKind.allCases.count)]
        let text = String(decoding: input.rest, as: UTF8.self)
        let ours: Bool
        switch kind {
        case .objectPath: ours = (try? ObjectPath(text)) != nil
        case .interface: ours = (try? InterfaceName(text)) != nil
        case .member: ours = (try? MemberName(text)) != nil
        case .error: ours = (try? ErrorName(text)) != nil
        case .bus: ours = (try? BusName(text)) != nil
        }
        guard !text.utf8.contains(0) else {
            check(!ours, "the \(kind) '\(text)' with a NUL was accepted")
            return
        }
        let theirs = LibDBusOracle.accepts(kind, text)
        // libdbus takes unique names the specification does not (':1042', ':.4'): only the bus assigns them, and it
        // checks only their characters. Refusing more than libdbus is safe; taking more would send what the bus
        // refuses.
        if theirs && !ours && kind == .bus && text.hasPrefix(":") { return }
        check(
            ours == theirs, "the \(kind) '\(text)': the binding says \(ours ? "valid" : "invalid"), libdbus the other")
    }
}
