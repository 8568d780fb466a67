import Foundation

/// The path of an executable SwiftPM built into the products folder beside the test bundle, such as `feels-tipsd`.
///
/// - Throws: ``ProductNotBuilt`` naming the folders searched when it is not built, so the test fails rather
///   than skips: build it with `swift build --build-tests` and the same `--scratch-path`.
public func builtProduct(_ name: String) throws -> String {
    var folders: [URL] = []
    for candidate in [
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
        Bundle.main.bundleURL,
        Bundle.main.bundleURL.deletingLastPathComponent(),
    ] {
        var folder = candidate.standardizedFileURL
        // Inside a bundle (X.xctest/Contents/MacOS on Darwin), the products folder is the one holding it.
        while folder.path.contains(".xctest") && folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        guard !folders.contains(folder) else { continue }
        folders.append(folder)
        let executable = folder.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: executable) {
            return executable
        }
    }
    throw ProductNotBuilt(name: name, searched: folders.map(\.path))
}

/// A product the tests need is not built where they look.
public struct ProductNotBuilt: Error, CustomStringConvertible {
    /// The product's name.
    public let name: String
    /// The folders searched.
    public let searched: [String]

    /// What is missing and how to build it.
    public var description: String {
        "'\(name)' is not built next to the tests (looked in " + searched.map { "'\($0)'" }.joined(separator: ", ")
            + "); build it with 'swift build --build-tests' using the same --scratch-path"
    }
}
