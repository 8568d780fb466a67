import Foundation

// tips-interface-codegen CONTRACT.xml OUTPUT.swift: writes the Swift source of the contract. It runs on the build
// host only, at build time (Plugins/InterfaceCodegen), so it may use Foundation; nothing it is made of ships.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("Usage: tips-interface-codegen CONTRACT.xml OUTPUT.swift\n".utf8))
    exit(2)
}
do {
    let contract = try ContractParser.parse(try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    let source = try SwiftEmitter.source(of: contract)
    let output = URL(fileURLWithPath: arguments[2])
    // Left alone when unchanged, so that what depends on it is not built again for nothing.
    if (try? String(contentsOf: output, encoding: .utf8)) != source {
        try source.write(to: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("tips-interface-codegen: \(arguments[1]): \(error)\n".utf8))
    exit(1)
}
