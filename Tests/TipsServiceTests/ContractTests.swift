import BusTestSupport
import Foundation
import Testing
import TipsInterface

@testable import DBus

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `dbus/org.feels.Tips1.xml` is the contract, and the source the code is generated from: the service serves exactly
/// it, its replies carry exactly the keys it documents, and no code names its members or keys but through the
/// generated names.
@Suite("The interface contract")
struct ContractTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let contractFile = root.appendingPathComponent("dbus/org.feels.Tips1.xml")

    @Test func theRunningServiceIntrospectsAsExactlyTheContract() throws {
        let service = try RunningService()
        let contract = try IntrospectionModel(Data(contentsOf: Self.contractFile))
        let reply = try service.client.call(
            destination: RunningService.name, path: RunningService.path,
            interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
        let live = try IntrospectionModel(Data(try #require(reply.first?.stringValue).utf8))
        for interface in [Tips1.name.rawValue, Tips1Testing.name.rawValue] {
            let expected = try #require(contract.interfaces[interface], "the contract declares \(interface)")
            let served = try #require(live.interfaces[interface], "the service serves \(interface)")
            #expect(served.members == expected.members, "\(interface): members")
            #expect(served.annotations == expected.annotations, "\(interface): annotations")
            for (member, declared) in expected.elements {
                #expect(served.elements[member] == declared, "\(interface).\(member)")
            }
        }
        #expect(Set(live.interfaces.keys).isSuperset(of: contract.interfaces.keys))
        // feels-tipsd --introspect prints the same interfaces.
        let printed = try runTool(try builtProduct("feels-tipsd"), ["--introspect"])
        #expect(printed.status == 0)
        let offline = try IntrospectionModel(Data(printed.stdout.utf8))
        #expect(offline.interfaces == contract.interfaces)
    }

    @Test func withoutTestingTheTestingSwitchesAreNotServed() throws {
        let service = try RunningService(testing: false)
        let reply = try service.client.call(
            destination: RunningService.name, path: RunningService.path,
            interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
        let live = try IntrospectionModel(Data(try #require(reply.first?.stringValue).utf8))
        #expect(live.interfaces[Tips1.name.rawValue] != nil)
        #expect(live.interfaces[Tips1Testing.name.rawValue] == nil)
        #expect(throws: DBusError.self) { try service.testing.showAllTips() }
    }

    @Test func busctlListsEveryMemberWithItsSignature() throws {
        let service = try RunningService()
        let contract = try IntrospectionModel(Data(contentsOf: Self.contractFile))
        let result = try service.busctl(["introspect", RunningService.name.rawValue, RunningService.path.rawValue])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Dictionary(
            result.stdout.split(separator: "\n").map { line in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                return (fields.first ?? "", fields)
            }, uniquingKeysWith: { first, _ in first })
        for (name, interface) in contract.interfaces {
            #expect(rows[name]?[1] == "interface", "\(name)")
            for (member, element) in interface.elements {
                let row = try #require(rows["." + member], "busctl does not list \(member)")
                #expect(row[1] == element.kind, "\(member)")
                #expect(row[2] == element.busctlSignature, "\(member): \(row)")
            }
        }
    }

    @Test func everyTipCarriesExactlyTheKeysTheContractDocuments() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "great")
        let documented = try Self.documentedKeys()
        let reply = try service.call(.getTips, [.strings([]), .vardict([])])
        // Outside #require, whose expansion of a call with a key path trips over compactMap's rethrows.
        let dictionaries = reply.first?.arrayValue?.compactMap(\.dictionaryValue)
        let tips = try #require(dictionaries)
        #expect(tips.count == 7)
        for tip in tips {
            let keys = Set(tip.compactMap(\.key.stringValue))
            #expect(keys == documented["Tip"], "\(Set(documented["Tip"] ?? []).symmetricDifference(keys))")
            let rules = tip.first { $0.key.stringValue == Tips1.Tip.Key.rules.rawValue }?.value.variantValue
            for rule in rules?.arrayValue?.compactMap(\.dictionaryValue) ?? [] {
                #expect(Set(rule.compactMap(\.key.stringValue)) == documented["Rule"])
            }
        }
        // The signal's changes carry only documented keys.
        service.clearSignals()
        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tip-closed")
        #expect(service.waitForSignals { _ in !service.tipChanges.isEmpty })
        for message in service.signals where message.member == Tips1.Signal.tipChanged.name {
            let changes = try #require(try message.arguments.last?.dictionaryValue)
            #expect(
                Set(changes.compactMap(\.key.stringValue)).isSubset(of: documented["TipChanges"] ?? []),
                "\(changes)")
        }
    }

    @Test func theGeneratedKeysAreTheContractsKeys() throws {
        let documented = try Self.documentedKeys()
        #expect(Set(Tips1.Tip.Key.allCases.map(\.rawValue)) == documented["Tip"])
        #expect(Set(Tips1.Rule.Key.allCases.map(\.rawValue)) == documented["Rule"])
        #expect(Set(Tips1.TipChanges.Key.allCases.map(\.rawValue)) == documented["TipChanges"])
    }

    /// gdbus-codegen copies the values of annotations it does not know into C string literals as they are: one
    /// double quote or backslash in the documentation broke every C proxy made from the contract.
    @Test func noAnnotationValueHoldsWhatBreaksAGeneratedCProxy() throws {
        let text = try String(contentsOf: Self.contractFile, encoding: .utf8)
        let document = try XMLDocument(data: Data(text.utf8))
        let values = try document.nodes(forXPath: "//annotation/@value").compactMap(\.stringValue)
        #expect(values.count > 100)
        let breaking = values.filter { $0.contains("\"") || $0.contains("\\") }
        #expect(breaking.isEmpty, "\(breaking)")
        // gdbus-codegen links a method as org.feels.Tips1.LogMood(); '#' is its spelling for signals and properties.
        let hashedMethods = text.matches(of: /#org\.feels\.Tips1(\.Testing)?\.[A-Z]\w*\(\)/).map { String($0.output.0) }
        #expect(hashedMethods.isEmpty, "\(hashedMethods)")
    }

    @Test func aMissingKeyIsAnErrorThatNamesItNeverASilentDefault() throws {
        var entries = try #require(
            TipDictionaryFixture.tip.encoded.vardictValue?.filter { $0.key != Tips1.Tip.Key.heldUntil.rawValue })
        let key = Tips1.Tip.Key.heldUntil.rawValue
        #expect(throws: DictionaryError(dictionary: "Tip", key: key, problem: "is missing")) {
            _ = try Tips1.Tip(decoding: entries)
        }
        entries[Tips1.Tip.Key.heldUntil.rawValue] = .string("soon")
        #expect(throws: DictionaryError(dictionary: "Tip", key: key, problem: "is 's', not 'x'")) {
            _ = try Tips1.Tip(decoding: entries)
        }
    }

    /// The modules that never speak the contract, whose words may be a key's by chance: the engine, the datastore
    /// (its SQL columns are `id`, `status`), the D-Bus library (the XML attribute `value`), the system services, and
    /// their tests; the generator, which writes the names.
    static let modulesBesideTheContract = [
        "Sources/TipsCore/", "Sources/TipsStore/", "Sources/DBus/", "Sources/FeelsSystem/",
        "Sources/tips-interface-codegen/", "Tests/TipsCoreTests/", "Tests/TipsStoreTests/", "Tests/DBusTests/",
        "Tests/FeelsSystemTests/",
    ]

    /// Renaming a key once broke end-to-end tests but not the contract test, and feels-tips would have
    /// read 0. Now no Swift code that speaks the contract spells a member, property, error or key: it uses the
    /// generated names.
    @Test func noSwiftSourceSpellsAContractNameAsAStringLiteral() throws {
        let names = try Self.contractNames()
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(
                at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                let relative = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                guard file.pathExtension == "swift",
                    !Self.modulesBesideTheContract.contains(where: { relative.hasPrefix($0) })
                else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for literal in Self.stringLiterals(in: text) where names.contains(literal) {
                    found.append("\(relative): \"\(literal)\"")
                }
            }
        }
        #expect(found.isEmpty, "use the generated names instead:\n\(found.joined(separator: "\n"))")
    }

    // MARK: - Helpers

    /// Every name the contract gives: interfaces, bus name, path, members, properties, errors, dictionary keys.
    static func contractNames() throws -> Set<String> {
        let model = try IntrospectionModel(Data(contentsOf: contractFile))
        var names = Set(model.interfaces.keys)
        for (interface, element) in model.interfaces {
            names.formUnion(element.elements.keys)
            for (name, value) in element.annotations {
                if name == "org.feels.Tips.BusName" || name == "org.feels.Tips.ObjectPath" { names.insert(value) }
                if name.hasPrefix("org.feels.Tips.Error.") {
                    names.insert("\(interface).Error.\(name.dropFirst("org.feels.Tips.Error.".count))")
                }
            }
        }
        for keys in try documentedKeys().values { names.formUnion(keys) }
        return names
    }

    /// The keys of each dictionary type, as the contract file declares them.
    static func documentedKeys() throws -> [String: Set<String>] {
        let model = try IntrospectionModel(Data(contentsOf: contractFile))
        var keys: [String: Set<String>] = [:]
        for interface in model.interfaces.values {
            for name in interface.annotations.keys where name.hasPrefix("org.feels.Tips.Dictionary.") {
                let path = name.dropFirst("org.feels.Tips.Dictionary.".count).split(separator: ".")
                guard path.count == 2 else { continue }
                keys[String(path[0]), default: []].insert(String(path[1]))
            }
        }
        return keys
    }

    /// The contents of the string literals of a Swift source, as far as a contract name could be one.
    static func stringLiterals(in text: String) -> [String] {
        var literals: [String] = []
        var current: String?
        var escaped = false
        for character in text {
            if var literal = current {
                if escaped {
                    escaped = false
                    literal.append(character)
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    literals.append(literal)
                    current = nil
                    continue
                } else if character == "\n" {
                    current = nil
                    continue
                } else {
                    literal.append(character)
                }
                current = literal
            } else if character == "\"" {
                current = ""
            }
        }
        return literals
    }
}

/// An introspection document read for comparison: each interface's members with their arguments and annotations.
struct IntrospectionModel: Equatable {
    struct Element: Equatable {
        var kind: String
        var arguments: [String] = []
        var annotations: [String: String] = [:]
        var type = ""

        /// The signature busctl lists: the inputs of a method, a signal's arguments, a property's type.
        var busctlSignature: String {
            switch kind {
            case "property": return type
            case "method":
                // Each argument reads "name type direction", then its annotations in brackets, if any.
                let inputs = arguments.map { $0.split(separator: " ") }.filter { $0[2] == "in" }.map { String($0[1]) }
                return inputs.isEmpty ? "-" : inputs.joined()
            default:
                let types = arguments.map { String($0.split(separator: " ")[1]) }
                return types.isEmpty ? "-" : types.joined()
            }
        }
    }

    struct Interface: Equatable {
        var annotations: [String: String] = [:]
        var elements: [String: Element] = [:]
        var members: [String] = []
    }

    var interfaces: [String: Interface] = [:]

    init(_ data: Data) throws {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else { throw ContractFileError(String(describing: parser.parserError)) }
        interfaces = reader.interfaces
    }

    struct ContractFileError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var interfaces: [String: Interface] = [:]
        var interface: String?
        var element: (name: String, value: Element)?
        var argument: [String]?
        var argumentIndex = 0

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "interface":
                interface = attributes["name"]
                if let interface { interfaces[interface] = Interface() }
            case "method", "signal", "property":
                guard let member = attributes["name"] else { return }
                var value = Element(kind: name)
                value.type = attributes["type"] ?? ""
                element = (member, value)
                argumentIndex = 0
            case "arg":
                let direction = attributes["direction"] ?? (element?.value.kind == "signal" ? "out" : "in")
                element?.value.arguments.append(
                    "\(attributes["name"] ?? "") \(attributes["type"] ?? "") \(direction)")
                argumentIndex += 1
                argument = []
            case "annotation":
                // An annotation has two attributes, its name and its value; the value is read as the attribute that
                // is not the name, since the value attribute is spelled as the Rule dictionary's key, which no literal
                // outside the generated code may spell.
                let pair = (attributes["name"] ?? "", attributes.first { $0.key != "name" }?.value ?? "")
                if argument != nil {
                    argument?.append("\(pair.0)=\(pair.1)")
                } else if element != nil {
                    element?.value.annotations[pair.0] = pair.1
                } else if let interface {
                    interfaces[interface]?.annotations[pair.0] = pair.1
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "arg":
                if let annotations = argument, !annotations.isEmpty, var current = element,
                    let last = current.value.arguments.popLast()
                {
                    current.value.arguments.append(last + " [" + annotations.sorted().joined(separator: "; ") + "]")
                    element = current
                }
                argument = nil
            case "method", "signal", "property":
                if let interface, let element {
                    interfaces[interface]?.elements[element.name] = element.value
                    interfaces[interface]?.members.append(element.name)
                }
                element = nil
            case "interface":
                interface = nil
            default: break
            }
        }
    }
}

/// A tip as the contract's codec holds it, for the codec's own tests.
enum TipDictionaryFixture {
    static let tip = Tips1.Tip(
        id: "TimeViewTip", location: "DayView", title: "View Your History", message: "Switch.",
        notificationTitle: "View Your History", notificationBody: "Switch.", language: "", iconNames: ["x"],
        symbol: "calendar", status: "available", invalidationReason: "", shouldDisplay: true, override: "",
        displayCount: 0, firstDisplayed: 0, lastDisplayed: 0, notifiedAt: 0, maxDisplayCount: 0,
        ignoresDisplayFrequency: false, rules: [], heldBackBy: "", heldUntil: 0, explanation: "Ready.")
}
