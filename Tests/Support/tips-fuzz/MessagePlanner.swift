import DBus
import TipsInterface

/// Chooses each message of a run: half of them aimed at the service's own members with the right signature and
/// meaningful words, the rest anywhere (standard interfaces, unknown paths, interfaces and members) with random bodies.
struct MessagePlanner {
    let dice: Dice
    let surface: ServiceSurface
    let values: RandomValues
    /// One message in this many carries a string or array of several MiB.
    let largeEvery: Int

    init(dice: Dice, surface: ServiceSurface, largest: Int, largeEvery: Int) {
        self.dice = dice
        self.surface = surface
        self.largeEvery = largeEvery
        values = RandomValues(
            dice: dice, properties: surface.interfaces.flatMap { $0.properties.map(\.name) }, largest: largest)
    }

    /// The next message.
    func next() -> PlannedMessage {
        let large = largeEvery > 0 && dice.int(1...largeEvery) == 1
        var budget = RandomValues.Budget(
            bytes: large ? values.largest + 65536 : dice.chance(0.05) ? 65536 : 4096, large: large)
        let path = path()
        let (interface, member) = target()
        let arguments = arguments(interface: interface, member: member, budget: &budget)
        let expectsReply = PlannedMessage.countingMembers.contains(member) || dice.chance(0.85)
        let expected = surface.expectedReply(path: path, interface: interface, member: member, arguments: arguments)
        let shape = surface.replyShape(path: path, interface: interface, member: member, arguments: arguments)
        return PlannedMessage(
            path: path, interface: interface, member: member, arguments: arguments, expectsReply: expectsReply,
            expected: expected, shape: shape)
    }

    private func path() -> String {
        let objects = surface.objects.keys.sorted()
        switch dice.weighted([60, 10, 30]) {
        case 0 where !objects.isEmpty: return dice.pick(objects)
        case 1: return dice.pick(surface.nodes.sorted())
        default: return values.objectPath().rawValue
        }
    }

    private func target() -> (interface: String?, member: String) {
        let own = surface.interfaces
        let standard: [(String, [String])] = [
            (ServiceSurface.peer, ["Ping", "GetMachineId"]), (ServiceSurface.introspectable, ["Introspect"]),
            (ServiceSurface.properties, ["Get", "GetAll", "Set"]),
        ]
        switch dice.weighted([50, 25, 10, 15]) {
        case 0 where !own.isEmpty:
            let interface = dice.pick(own)
            return (interface.name, dice.chance(0.9) ? ownMember(of: interface) : member())
        case 1:
            let (interface, members) = dice.pick(standard)
            return (interface, dice.chance(0.9) ? dice.pick(members) : member())
        case 2:
            let known = own.flatMap { $0.methods.map(\.name) } + Vocabulary.standardMembers
            return (nil, dice.chance(0.8) && !known.isEmpty ? dice.pick(known) : member())
        default:
            let near = Vocabulary.interfaces.filter { !$0.isEmpty }
            let interface = dice.chance(0.5) ? dice.pick(near) : dottedName()
            let known = own.flatMap { $0.methods.map(\.name) } + Vocabulary.standardMembers
            return (interface, dice.chance(0.5) && !known.isEmpty ? dice.pick(known) : member())
        }
    }

    /// The body: the declared signature with meaningful values more often than not, else anything.
    private func arguments(interface: String?, member: String, budget: inout RandomValues.Budget) -> [DBusValue] {
        if dice.chance(0.65), let declared = declaredInputs(interface: interface, member: member),
            let types = FuzzType.list(declared.signature)
        {
            return types.enumerated().map { index, type in
                let argument = index < declared.arguments.count ? declared.arguments[index] : nil
                if let dictionary = argument?.dictionary?.type, dice.chance(0.9) {
                    return options(of: dictionary, budget: &budget)
                }
                return meaningful(type, member: member, budget: &budget)
            }
        }
        if dice.chance(0.005) { return [tooDeep()] }
        var arguments: [DBusValue] = []
        var signatureLength = 0
        for _ in 0..<dice.length(upTo: dice.chance(0.05) ? 32 : 4) {
            let type = dice.type(length: 255 - signatureLength, room: NestingRoom(), deep: dice.chance(0.02))
            signatureLength += type.signature.utf8.count
            guard signatureLength <= 255 else { break }
            arguments.append(values.value(of: type, budget: &budget, room: NestingRoom()))
        }
        if budget.large, arguments.isEmpty || dice.chance(0.5) {
            arguments.append(.string(values.string(budget: &budget)))
        }
        return arguments
    }

    /// A value past the D-Bus nesting limits, which the binding must refuse before it is sent.
    private func tooDeep() -> DBusValue {
        var value = DBusValue.byte(1)
        let arrays = dice.chance(0.5)
        for _ in 0..<33 {
            value = arrays ? .array(value.signature, [value]) : .structure([value])
        }
        return value
    }

    /// The input signature the service declares for the call, when it names one of its methods or a standard one,
    /// with the contract's arguments (the dictionary type of each `a{sv}`) for the contract's methods.
    private func declaredInputs(
        interface: String?, member: String
    ) -> (signature: String, arguments: [ServiceSurface.Argument])? {
        let standard = ["Ping": "", "GetMachineId": "", "Introspect": "", "Get": "ss", "GetAll": "s", "Set": "ssv"]
        switch interface {
        case ServiceSurface.peer?, ServiceSurface.introspectable?, ServiceSurface.properties?, nil:
            if let signature = standard[member] { return (signature, []) }
        default: break
        }
        let methods = surface.interfaces.filter { interface == nil || $0.name == interface }.flatMap(\.methods)
        return methods.first { $0.name == member }.map { ($0.inputs, $0.arguments) }
    }

    /// An options dictionary of the contract's type `type`: some of its keys, each of its type with one of the
    /// service's words more often than not, else of another type; now and then a key it does not know (another
    /// dictionary's, or a random one), which the service ignores, and a key given twice, of which the last counts.
    private func options(of type: String, budget: inout RandomValues.Budget) -> DBusValue {
        let keys = surface.dictionaries.types[type] ?? [:]
        let others = surface.dictionaries.types.values.flatMap(\.keys).filter { keys[$0] == nil }
        var entries: [DBusDictEntry] = []
        for (name, key) in keys.sorted(by: { $0.key < $1.key }) where dice.chance(0.6) {
            entries.append(DBusDictEntry(key: .string(name), value: .variant(optionValue(key, budget: &budget))))
        }
        if dice.chance(0.15) {
            let name = !others.isEmpty && dice.chance(0.5) ? dice.pick(others.sorted()) : values.identifier(count: 8)
            let value = values.basic(UInt8(ascii: "s"), budget: &budget)
            entries.append(DBusDictEntry(key: .string(name), value: .variant(value)))
        }
        if !keys.isEmpty, dice.chance(0.05) {
            let repeated = dice.pick(keys.keys.sorted())
            if let key = keys[repeated] {
                entries.append(
                    DBusDictEntry(key: .string(repeated), value: .variant(optionValue(key, budget: &budget))))
            }
        }
        return .dictionary(key: .string, value: .variant, entries)
    }

    /// A value for an option `key`: of its type nine times in ten, one of the service's words or a list of them for
    /// strings, else of a random other type.
    private func optionValue(_ key: ContractDictionaries.Key, budget: inout RandomValues.Budget) -> DBusValue {
        if dice.chance(0.1) || FuzzType(signature: key.signature) == nil {
            var other: FuzzType
            repeat {
                other = dice.type(length: 16, room: NestingRoom().entering(array: true).entering(structure: true))
            } while other.signature == key.signature
            return values.value(of: other, budget: &budget, room: NestingRoom().insideVariant)
        }
        switch key.signature {
        case "s": return .string(Vocabulary.word(dice, properties: []))
        case "as":
            return .strings((0..<dice.length(upTo: 6)).map { _ in Vocabulary.word(dice, properties: []) })
        default:
            let type = FuzzType(signature: key.signature) ?? .variant
            return values.value(of: type, budget: &budget, room: NestingRoom().insideVariant)
        }
    }

    /// A value of `type` for an argument of `member`: strings are the service's words half the time, property calls
    /// name real interfaces and properties, a mood is valid now and then.
    private func meaningful(_ type: FuzzType, member: String, budget: inout RandomValues.Budget) -> DBusValue {
        switch type {
        case .basic(UInt8(ascii: "s")) where member == Tips1.Method.logMood.rawValue && dice.chance(0.5):
            let mood = dice.pick(Vocabulary.moods)
            return .string(dice.chance(0.2) ? mood.uppercased() : mood)
        case .basic(UInt8(ascii: "s")) where dice.chance(0.6):
            let names = surface.interfaces.map(\.name) + surface.interfaces.flatMap { $0.properties.map(\.name) }
            return .string(
                dice.chance(0.5) && !names.isEmpty ? dice.pick(names) : Vocabulary.word(dice, properties: []))
        case .basic(UInt8(ascii: "u")) where dice.chance(0.5):
            return .uint32(UInt32(truncatingIfNeeded: dice.pick([0, 1, 2, 7, 36525, 36526, Int64(UInt32.max)])))
        case .array(.basic(UInt8(ascii: "s"))) where dice.chance(0.5):
            return .strings((0..<dice.length(upTo: 10)).map { _ in Vocabulary.word(dice, properties: []) })
        default:
            return values.value(of: type, budget: &budget, room: NestingRoom())
        }
    }

    /// One of the interface's methods: `LogMood` more often than the others, and the calls that set the counts back
    /// to zero less often, so that a run ends with counts worth checking.
    private func ownMember(of interface: ServiceSurface.Interface) -> String {
        let names = interface.methods.map(\.name)
        guard !names.isEmpty else { return member() }
        let logMood = Tips1.Method.logMood.rawValue
        if names.contains(logMood), dice.chance(0.15) { return logMood }
        var name = dice.pick(names)
        let resets = [Tips1.Method.resetAllTips, .forgetMoods].map(\.rawValue)
        if resets.contains(name), dice.chance(0.8) { name = dice.pick(names) }
        return name
    }

    private func member() -> String {
        values.identifier(count: 1 + dice.length(upTo: dice.chance(0.01) ? 254 : 24))
    }

    private func dottedName() -> String {
        var elements = (0..<dice.int(2...5)).map { _ in values.identifier(count: 1 + dice.length(upTo: 16)) }
        while elements.joined(separator: ".").utf8.count > 255 { elements.removeLast() }
        return elements.count >= 2 ? elements.joined(separator: ".") : "org.example.Unknown"
    }
}
