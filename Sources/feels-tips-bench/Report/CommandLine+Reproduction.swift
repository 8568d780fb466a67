import Foundation

extension CommandLine {
    /// The command that runs this executable again with `arguments`: its absolute path, then the arguments,
    /// each quoted for a POSIX shell when it needs to be.
    static func reproduction(with arguments: [String]) -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return ([executable] + arguments).map(shellQuoted).joined(separator: " ")
    }

    private static func shellQuoted(_ word: String) -> String {
        let plain = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%")
        if !word.isEmpty && word.unicodeScalars.allSatisfy(plain.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
