/// Writes the interface reference from the contract's documentation: docs/org.feels.Tips1.md for a forge
/// (``markdown``) and man/org.feels.Tips1.5.scd, the `org.feels.Tips1(5)` man page (``manpage``).
struct ReferenceEmitter {
    static let title = "org.feels.Tips1"
    static let source = "dbus/org.feels.Tips1.xml"
    static let ordered = "answered in the order each caller sent its calls, once what they changed is stored"
    static let access = ["read": "read-only", "write": "write-only", "readwrite": "read and write"]
    static let announced = [
        "true": "with PropertiesChanged, and its value",
        "invalidates": "with PropertiesChanged, without its value",
        "const": "never changes while the service runs",
        "false": "not announced",
    ]

    let interfaces: [ReferenceInterface]

    /// `["Since revision N."]` when `member` came in a later revision than `interface`.
    static func since(_ since: String?, _ interface: ReferenceInterface? = nil) -> [String] {
        guard let since, since != interface?.since else { return [] }
        return ["Since revision \(since)."]
    }

    /// What a member's entry says after its documentation: that it is a write, the revision it came in.
    static func remarks(_ member: ReferenceInterface.Member, _ interface: ReferenceInterface) -> [String] {
        (member.isWrite ? ["Ordered."] : []) + since(member.since, interface)
    }

    /// The member as gdbus-codegen's DocBook writes it.
    static func prototype(_ kind: ReferenceInterface.Kind, _ member: ReferenceInterface.Member) -> String {
        if kind == .property {
            let access = ["read": "readable ", "write": "writable "][member.access] ?? member.access
            return "\(member.name)  \(access)  \(member.type)"
        }
        let width = member.arguments.map(\.type.count).max() ?? 0
        let arguments = member.arguments.map { argument in
            (argument.direction.isEmpty ? "" : argument.direction.padded(to: 4))
                + "\(argument.type.padded(to: width)) \(argument.name)"
        }
        let separator = ",\n" + String(repeating: " ", count: member.name.count + 2)
        return "\(member.name) (" + arguments.joined(separator: separator) + ");"
    }

    /// The arguments as `IN s mood, OUT u count`.
    static func types(_ arguments: [ReferenceInterface.Argument], directions: Bool = true) -> String {
        arguments.map { (directions && !$0.direction.isEmpty ? "\($0.direction) " : "") + "\($0.type) \($0.name)" }
            .joined(separator: ", ")
    }
}

extension String {
    /// The string with spaces after it up to `width` characters.
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
