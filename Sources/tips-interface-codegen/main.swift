import Foundation

// tips-interface-codegen CONTRACT.xml OUTPUT.swift: writes the Swift source of the contract. It runs on the build
// host only, at build time (Plugins/InterfaceCodegen), so it may use Foundation; nothing it is made of ships.
// tips-interface-codegen --reference [--check] CONTRACT.xml MARKDOWN MANPAGE: writes the interface reference
// (scripts/interface-reference runs it); with --check, writes nothing and fails when either file is not what the
// contract gives. Either way it fails when something lacks its documentation.

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

/// Writes or checks the reference; returns the exit status.
func reference(_ arguments: [String]) throws -> Int32 {
    let check = arguments.first == "--check"
    let paths = check ? Array(arguments.dropFirst()) : arguments
    guard paths.count == 3 else {
        fail("Usage: tips-interface-codegen --reference [--check] CONTRACT.xml MARKDOWN MANPAGE", status: 2)
    }
    var problems: [String] = []
    let contract = try ContractParser.parse(try Data(contentsOf: URL(fileURLWithPath: paths[0])))
    let emitter = ReferenceEmitter(interfaces: try ReferenceInterface.read(contract, problems: &problems))
    for problem in problems {
        FileHandle.standardError.write(Data("interface-reference: \(ReferenceEmitter.source): \(problem)\n".utf8))
    }
    var stale = false
    for (path, content) in [(paths[1], emitter.markdown), (paths[2], emitter.manpage)] {
        guard (try? String(contentsOfFile: path, encoding: .utf8)) != content else { continue }
        if check {
            stale = true
            FileHandle.standardError.write(
                Data(
                    "interface-reference: \(path) is not what \(ReferenceEmitter.source) gives; run scripts/interface-reference\n"
                        .utf8))
        } else {
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            print("interface-reference: wrote \(path)")
        }
    }
    return problems.isEmpty && !stale ? 0 : 1
}

let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "--reference" {
    do { exit(try reference(Array(arguments.dropFirst(2)))) } catch {
        fail("interface-reference: \(error)", status: 1)
    }
}
guard arguments.count == 3 else {
    fail("Usage: tips-interface-codegen CONTRACT.xml OUTPUT.swift", status: 2)
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
    fail("tips-interface-codegen: \(arguments[1]): \(error)", status: 1)
}
