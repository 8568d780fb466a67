import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an introspection document into a ``Contract``.
final class ContractParser: NSObject, XMLParserDelegate {
    private var contract = Contract()
    private var interface: ContractInterface?
    private var method: ContractMethod?
    private var signal: ContractSignal?
    private var property: ContractProperty?
    private var argument: (ContractArgument, direction: String)?
    private var failure: ContractError?

    /// Parses `data`.
    ///
    /// - Throws: `ContractError` with the parser's message or what is missing.
    static func parse(_ data: Data) throws -> Contract {
        let delegate = ContractParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw delegate.failure
                ?? ContractError("the XML does not parse: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        if let failure = delegate.failure { throw failure }
        return delegate.contract
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        func required(_ name: String) -> String {
            guard let value = attributes[name] else {
                failure = ContractError("<\(element)> has no \(name)")
                parser.abortParsing()
                return ""
            }
            return value
        }
        switch element {
        case "interface": interface = ContractInterface(name: required("name"))
        case "method": method = ContractMethod(name: required("name"))
        case "signal": signal = ContractSignal(name: required("name"))
        case "property":
            property = ContractProperty(name: required("name"), type: required("type"), access: required("access"))
        case "arg":
            let direction = attributes["direction"] ?? (signal != nil ? "out" : "in")
            argument = (ContractArgument(name: attributes["name"] ?? "", type: required("type")), direction)
        case "annotation":
            let annotation = ContractAnnotation(name: required("name"), value: required("value"))
            if argument != nil {
                argument?.0.annotations.append(annotation)
            } else if method != nil {
                method?.annotations.append(annotation)
            } else if signal != nil {
                signal?.annotations.append(annotation)
            } else if property != nil {
                property?.annotations.append(annotation)
            } else {
                interface?.annotations.append(annotation)
            }
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "arg":
            guard let (argument, direction) = argument else { return }
            self.argument = nil
            if method != nil {
                if direction == "out" { method?.outputs.append(argument) } else { method?.inputs.append(argument) }
            } else {
                signal?.arguments.append(argument)
            }
        case "method":
            if let method { interface?.methods.append(method) }
            method = nil
        case "signal":
            if let signal { interface?.signals.append(signal) }
            signal = nil
        case "property":
            if let property { interface?.properties.append(property) }
            property = nil
        case "interface":
            if let interface { contract.interfaces.append(interface) }
            interface = nil
        default: break
        }
    }
}
