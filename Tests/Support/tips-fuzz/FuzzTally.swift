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
    /// Bytes of messages sent, as the binding estimates them, and the largest.
    var bytesSent = 0
    var largestMessage = 0
    /// The first problems found, each with its call: replies against the routing's rules, oversized errors.
    var examples: [String] = []
    /// Replies that broke the routing's rules.
    var mismatchCount = 0
    /// Method returns held to the contract's shape (outputs, dictionary keys, property types), and those not of it.
    var returnsChecked = 0
    var misshapenCount = 0
    /// Error replies whose message is longer than ``FuzzTally/longestErrorMessage``: caller text echoed back uncut.
    var oversizedErrors = 0
    /// The longest error message seen, in bytes.
    var longestError = 0
    /// The longest error message the service may send: it quotes caller text cut to 64 characters.
    static let longestErrorMessage = 1024
    /// `LogMood` calls answered with success.
    var moodsLogged = 0
    /// Problems found by the checks after the run.
    var failures: [String] = []

    /// Replies of every kind.
    var replies: Int { methodReturns + errors.values.reduce(0, +) }

    /// Records a reply that broke the routing's rules.
    mutating func mismatch(_ description: String) {
        mismatchCount += 1
        keep(description)
    }

    /// Records a method return that is not what the contract says it holds.
    mutating func misshapen(_ description: String) {
        misshapenCount += 1
        keep(description)
    }

    /// Records an error reply whose message is longer than ``longestErrorMessage``.
    mutating func oversized(_ description: String) {
        oversizedErrors += 1
        keep(description)
    }

    private mutating func keep(_ example: String) {
        if examples.count < 20 { examples.append(example) }
    }

    /// Whether the run found nothing wrong.
    var passed: Bool {
        missingReplies == 0 && mismatchCount == 0 && misshapenCount == 0 && oversizedErrors == 0 && failures.isEmpty
            && sent > 0
    }

    /// The figures, a line each, numbers grouped by thousands.
    func report(seed: UInt64, seconds: Double, checks: [String]) -> String {
        let rate = seconds > 0 ? Int(Double(sent) / seconds) : 0
        var lines = [
            "tips-fuzz: seed \(seed): \(grouped(sent)) messages in \(fixed(seconds)) s (\(grouped(rate))/s), "
                + "\(mebibytes(bytesSent)) MiB in all, the largest \(mebibytes(largestMessage)) MiB",
            "  calls expecting a reply: \(grouped(callsExpectingReply)); without: \(grouped(sent - callsExpectingReply))",
            "  replies: \(grouped(replies)) (method returns \(grouped(methodReturns)), errors "
                + "\(grouped(replies - methodReturns))); missing: \(grouped(missingReplies))",
            "  errors by name:",
        ]
        for (name, count) in errors.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            lines.append("    \(pad(grouped(count), 9)) \(name)")
        }
        let refused = refusedByBinding.values.reduce(0, +)
        lines.append("  refused by the binding before sending (never sent): \(grouped(refused))")
        for (reason, count) in refusedByBinding.sorted(by: { $0.key < $1.key }) {
            lines.append("    \(pad(grouped(count), 9)) \(reason)")
        }
        lines.append(
            "  error messages over \(Self.longestErrorMessage) bytes: \(grouped(oversizedErrors)) (the longest: "
                + "\(grouped(longestError)) bytes)")
        lines.append("  replies against the routing's rules: \(grouped(mismatchCount))")
        lines.append(
            "  method returns held to the contract's outputs and keys: \(grouped(returnsChecked)); "
                + "not of them: \(grouped(misshapenCount))")
        lines += examples.map { "    \($0)" }
        lines.append("  LogMood acknowledged: \(grouped(moodsLogged))")
        lines += checks.map { "  \($0)" }
        lines += failures.map { "  FAILED: \($0)" }
        lines.append("tips-fuzz: \(passed ? "passed" : "FAILED")")
        return lines.joined(separator: "\n")
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

    private func mebibytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_048_576)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
