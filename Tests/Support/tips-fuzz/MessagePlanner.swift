import DBus
import TipsInterface

/// Chooses each message of a run: over half aimed at the contract's methods, with their declared signature and the
/// service's words more often than not; some at the standard interfaces; the rest at unknown interfaces and members
/// with random bodies. Seven in ten go to the service's object, the others to paths near it or anywhere.
struct MessagePlanner {
    let dice: Dice
    let values: RandomValues
    /// One message in this many carries a string or array of several MiB; 0 for none.
    let largeEvery: Int

    /// The members whose success changes `MoodLogCount` or the journal; calls of them always ask for a reply, so that
    /// the run knows what the counts must be at the end.
    static let countingMembers = Set([Tips1.Method.logMood, .forgetMoods, .resetAllTips].map(\.rawValue))

    private static let logMood = Vocabulary.methods.first { $0.name == Tips1.Method.logMood.rawValue }

    /// The next message.
    func next() -> PlannedMessage {
        values.startMessage(large: largeEvery > 0 && dice.int(1...largeEvery) == 1)
        let path = dice.chance(0.7) ? Tips1.objectPath.rawValue : values.objectPath().rawValue
        var (interface, member, arguments) =
            switch dice.int(0...19) {
            case 0...10: contractCall()
            case 11...14: standardCall()
            default:
                (unknownInterface(), dice.chance(0.5) ? dice.pick(Vocabulary.members) : self.member(), randomBody())
            }
        if values.large, arguments.isEmpty || dice.chance(0.5) {
            arguments.append(.string(values.largeString()))
        }
        let signature = arguments.map(\.signature.rawValue).joined()
        let declared = Vocabulary.methods.first {
            $0.interface == Tips1.name.rawValue && $0.name == member
                && $0.inputs.map(\.rawValue).joined() == signature
        }
        let toTips1 = path == Tips1.objectPath.rawValue && (interface == nil || interface == Tips1.name.rawValue)
        return PlannedMessage(
            path: path, interface: interface, member: member, arguments: arguments,
            expectsReply: Self.countingMembers.contains(member) || dice.chance(0.85),
            declaredOutputs: toTips1 ? declared?.outputs : nil)
    }

    /// A method of the contract: `LogMood` more often than the others, and the calls that set the counts back to zero
    /// less often, so that a run ends with counts worth checking.
    private func contractCall() -> (String?, String, [DBusValue]) {
        var method = dice.pick(Vocabulary.methods)
        let resets = [Tips1.Method.resetAllTips, .forgetMoods].map(\.rawValue)
        if dice.chance(0.15), let logMood = Self.logMood {
            method = logMood
        } else if resets.contains(method.name), dice.chance(0.8) {
            method = dice.pick(Vocabulary.methods)
        }
        let arguments = dice.chance(0.75) ? method.inputs.map { meaningful($0, member: method.name) } : randomBody()
        return (dice.chance(0.9) ? method.interface : nil, method.name, arguments)
    }

    /// A member of `Peer`, `Introspectable` or `Properties`, with its signature more often than not, naming the
    /// contract's interfaces and properties.
    private func standardCall() -> (String?, String, [DBusValue]) {
        let (interface, member, inputs) = dice.pick(Vocabulary.standardMembers)
        var arguments = randomBody()
        if dice.chance(0.75) {
            arguments = RandomValues.completeTypes(inputs[...]).enumerated().map { index, type in
                guard type == "s", dice.chance(0.8) else { return values.value(of: type) }
                return .string(dice.pick(index == 0 ? Vocabulary.interfaces + [""] : Vocabulary.propertyNames))
            }
        }
        return (dice.chance(0.85) ? interface : nil, dice.chance(0.9) ? member : self.member(), arguments)
    }

    /// A value of `signature` for an argument of `member`: an options dictionary for `a{sv}`, the service's words for
    /// strings half the time or more, a mood now and then for `LogMood`, numbers near the day limits.
    private func meaningful(_ signature: DBusSignature, member: String) -> DBusValue {
        switch signature.rawValue {
        case "a{sv}" where dice.chance(0.9):
            return options()
        case "s" where member == Tips1.Method.logMood.rawValue && dice.chance(0.5):
            let mood = dice.pick(Vocabulary.moods)
            return .string(dice.chance(0.2) ? mood.uppercased() : mood)
        case "s" where dice.chance(0.6):
            return .string(Vocabulary.word(dice))
        case "u" where dice.chance(0.5):
            return .uint32(dice.pick([0, 1, 2, 7, 36525, 36526, UInt32.max]))
        case "as" where dice.chance(0.5):
            return .strings((0..<dice.length(upTo: 10)).map { _ in Vocabulary.word(dice) })
        default:
            return values.value(of: signature.rawValue[...])
        }
    }

    /// An options dictionary: some of the contract's keys, each of its type nine times in ten (the service's words
    /// for strings), now and then a key it does not know, which the service ignores, or a key given twice, of which
    /// the last counts.
    private func options() -> DBusValue {
        var entries: [DBusDictEntry] = []
        func add(_ key: (name: String, signature: String)) {
            let value =
                switch key.signature {
                case _ where dice.chance(0.1): values.value(of: values.type(depth: 2)[...])
                case "s": DBusValue.string(Vocabulary.word(dice))
                case "as": DBusValue.strings((0..<dice.length(upTo: 6)).map { _ in Vocabulary.word(dice) })
                default: values.value(of: key.signature[...])
                }
            entries.append(DBusDictEntry(key: .string(key.name), value: .variant(value)))
        }
        for key in Vocabulary.optionKeys where dice.chance(0.2) { add(key) }
        if dice.chance(0.1) { add((values.identifier(count: 8), "s")) }
        if dice.chance(0.05) {
            let repeated = dice.pick(Vocabulary.optionKeys)
            add(repeated)
            add(repeated)
        }
        return .dictionary(key: .string, value: .variant, entries)
    }

    /// Anything: up to a few values (now and then 32) of random types, now and then nested past the limits.
    private func randomBody() -> [DBusValue] {
        if dice.chance(0.005) { return [values.value(of: values.tooDeepType()[...])] }
        var signature = ""
        var arguments: [DBusValue] = []
        for _ in 0..<dice.length(upTo: dice.chance(0.05) ? 32 : 4) {
            let type = values.type(depth: dice.chance(0.02) ? 12 : 4)
            guard signature.utf8.count + type.utf8.count <= 255 else { break }
            signature += type
            arguments.append(values.value(of: type[...]))
        }
        return arguments
    }

    /// No interface, a near miss of a known one, or a random dotted name.
    private func unknownInterface() -> String? {
        switch dice.int(0...2) {
        case 0: return nil
        case 1: return dice.pick(Vocabulary.interfaces)
        default:
            let elements = (0..<dice.int(2...5)).map { _ in values.identifier(count: 1 + dice.length(upTo: 16)) }
            return elements.joined(separator: ".")
        }
    }

    private func member() -> String {
        values.identifier(count: 1 + dice.length(upTo: dice.chance(0.01) ? 254 : 24))
    }
}
