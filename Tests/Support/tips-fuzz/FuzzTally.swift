/// What a run sent and got back, and what went wrong; printed at the end.
struct FuzzTally {
    /// Messages handed to the connection.
    var sent = 0
    /// Of those, calls that asked for a reply.
    var callsExpectingReply = 0
    /// Messages the binding refused to build (nesting, size), by the refusal; they were never sent.
    var refusedByBinding: [String: Int] = [:]
    /// Method returns received.
    var methodReturns = 0
    /// Error replies received, by error name.
    var errors: [String: Int] = [:]
    /// Calls that got no reply in time, or whose reply was lost.
    var missingReplies = 0
    /// Replies D-Bus and the contract do not allow: an unknown error, an error message too long, outputs other than
    /// declared.
    var wrongReplies = 0
    /// The first problems found, each with its call.
    var examples: [String] = []
    /// The longest error message seen, in bytes.
    var longestError = 0
    /// `LogMood` calls answered with success.
    var moodsLogged = 0
    /// Problems found by the checks after the run.
    var failures: [String] = []

    /// Replies of every kind.
    var replies: Int { methodReturns + errors.values.reduce(0, +) }

    /// Records a reply D-Bus and the contract do not allow.
    mutating func wrong(_ description: String) {
        wrongReplies += 1
        if examples.count < 20 { examples.append(description) }
    }

    /// Whether the run found nothing wrong.
    var passed: Bool {
        missingReplies == 0 && wrongReplies == 0 && failures.isEmpty && sent > 0
    }

    /// The figures, a line each, numbers grouped by thousands.
    func report(seed: UInt64, seconds: Double, checks: [String]) -> String {
        let rate = seconds > 0 ? Int(Double(sent) / seconds) : 0
        var lines = [
            "tips-fuzz: seed \(seed): \(grouped(sent)) messages in \(fixed(seconds)) s (\(grouped(rate))/s)",
            "  calls expecting a reply: \(grouped(callsExpectingReply)); without: \(grouped(sent - callsExpectingReply))",
            "  replies: \(grouped(replies)) (method returns \(grouped(methodReturns)), errors "
                + "\(grouped(replies - methodReturns))); missing: \(grouped(missingReplies))",
            "  errors by name:",
        ]
        lines += counted(errors, byCount: true)
        lines.append(
            "  refused by the binding before sending (never sent): \(grouped(refusedByBinding.values.reduce(0, +)))")
        lines += counted(refusedByBinding, byCount: false)
        lines.append("  the longest error message: \(grouped(longestError)) bytes")
        lines.append("  replies D-Bus and the contract do not allow: \(grouped(wrongReplies))")
        lines += examples.map { "    \($0)" }
        lines.append("  LogMood acknowledged: \(grouped(moodsLogged))")
        lines += checks.map { "  \($0)" }
        lines += failures.map { "  FAILED: \($0)" }
        lines.append("tips-fuzz: \(passed ? "passed" : "FAILED")")
        return lines.joined(separator: "\n")
    }

    /// A line for each name, its count first: the largest counts first, or in the names' order.
    private func counted(_ counts: [String: Int], byCount: Bool) -> [String] {
        counts.sorted { byCount && $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { name, count in
            let number = grouped(count)
            return "    " + String(repeating: " ", count: max(0, 9 - number.count)) + number + " " + name
        }
    }

    private func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }

    private func fixed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
