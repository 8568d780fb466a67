import BusTestSupport

/// The candidates the shells' completions offer for a command line, as a user pressing Tab would get them.
enum Completion {
    /// What the bash completion in `completions/bash/PROGRAM` puts in `COMPREPLY` for `words`, the last being the
    /// word at the cursor. The words are split at ':' and '=' first, as bash's `COMP_WORDBREAKS` splits them.
    static func bash(_ words: [String]) throws -> [String] {
        let program = words[0]
        let function = "_" + program.replacingOccurrences(of: "-", with: "_")
        let split = words.flatMap(splitAtWordBreaks)
        let script = """
            source "$1" || exit 1
            shift
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            \(function) "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runTool(
            "bash",
            ["--norc", "--noprofile", "-c", script, "bash", Repository.path("completions/bash/\(program)")]
                + split)
        guard result.status == 0, result.stderr.isEmpty else { throw CompletionFailed(shell: "bash", result: result) }
        return lines(result.stdout)
    }

    /// What fish offers for `words` (the last at the cursor) with `completions/fish/PROGRAM.fish` loaded.
    static func fish(_ words: [String]) throws -> [String] {
        let file = Repository.path("completions/fish/\(words[0]).fish")
        let line = words.map { $0.isEmpty ? "" : fishQuoted($0) }.joined(separator: " ")
        let result = try runTool(
            "fish", ["--no-config", "-c", "source \(fishQuoted(file)); complete -C \(fishQuoted(line))"])
        guard result.status == 0, result.stderr.isEmpty else { throw CompletionFailed(shell: "fish", result: result) }
        return lines(result.stdout).map { String($0.prefix { $0 != "\t" }) }
    }

    private static func splitAtWordBreaks(_ word: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for character in word {
            if character == ":" || character == "=" {
                if !current.isEmpty { parts.append(current) }
                parts.append(String(character))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty || parts.isEmpty { parts.append(current) }
        return parts
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }
}

/// A shell failed to load a completion or to complete.
struct CompletionFailed: Error, CustomStringConvertible {
    let shell: String
    let result: ToolResult
    var description: String { "\(shell) exited with \(result.status): \(result.stderr)\(result.stdout)" }
}
