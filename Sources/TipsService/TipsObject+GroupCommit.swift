import DBus
import TipsCore
import TipsInterface
import TipsStore

/// One write request: how it changes the engine, and whom to answer.
struct Write {
    /// The caller's unique name; `nil` for the service's own (the clock set back).
    let caller: String?
    /// The answer, once the write is durable; `nil` for the service's own.
    let reply: DBusDeferredReply?
    /// Applies the request to an engine, or refuses it.
    let apply: (inout TipsEngine) throws(TipsError) -> Applied
}

/// What a write did: the journal change to store with it, and what to answer with once it is durable.
struct Applied {
    /// A mood appended or the journal erased, if the write touches the journal.
    var journal: JournalChange?
    /// The reply's values, given how many moods a `.forget` erased (0 otherwise).
    var values: (_ forgotten: Int) -> [DBusValue]

    /// A write answering with `values`.
    init(journal: JournalChange? = nil, values: @escaping (_ forgotten: Int) -> [DBusValue] = { _ in [] }) {
        self.journal = journal
        self.values = values
    }
}

/// The writes of one group commit, each with what applying it gave, and the engine they made together.
struct Commit {
    let writes: [Write]
    let outcomes: [Result<Applied, TipsError>]
    let engine: TipsEngine
    /// The replies read before it, marshalled again as `engine` shows them, kept once it is durable.
    var keptReplies: [KeptReplyKey: KeptReply] = [:]
}

extension TipsObject {
    /// How many writes may wait for the next commit while one is in flight; a caller's write past them is refused.
    // A person logs a mood or closes a tip a few times a minute and an app's bursts are tens of calls: only a flood
    // against a stalled disk (an fsync taking seconds) gets this far. Unbounded, each waiting write keeps its call
    // and its closure for as long as the disk stalls, and the next commit applies them all in one turn of the loop.
    static let mostWritesWaitingForTheDisk = 1_000

    /// Queues a write for the next group commit, starting one if none is in flight; refuses a caller's write at once,
    /// changing nothing, when ``mostWritesWaitingForTheDisk`` already wait.
    func enqueue(_ write: Write) {
        if let reply = write.reply, waiting.count >= Self.mostWritesWaitingForTheDisk {
            // Answered now, so not counted among the caller's unanswered writes: it holds none of its later calls
            // back. Its answer may overtake the caller's earlier writes still waiting; it changed nothing, so nothing
            // the caller reads later disagrees with it.
            writesRefusedWhileWaiting += 1
            reply.fail(TipsServiceError.notKeepingUp(datastore: writer.path, waiting: waiting.count))
            return
        }
        if let caller = write.caller {
            unanswered[caller, default: 0] += 1
        }
        waiting.append(write)
        guard committing == nil, !commitScheduled else { return }
        guard connection?.hasIncoming == true else {
            // The last message read: nothing can join the commit before it starts, so it starts now, without the
            // loop's turn an idle callback waits for (`LogMood` 0.98–0.99 × the build before, on a quick disk).
            startCommit()
            return
        }
        // Started once the messages read with this one are dispatched: the writes among them join this commit
        // rather than wait for the next.
        commitScheduled = true
        loop.scheduleIdle { [weak self] in
            guard let self else { return }
            commitScheduled = false
            startCommit()
        }
    }

    /// Applies every waiting write, in order, to a copy of the durable engine and hands the result to the writer as
    /// one transaction: one fsync for all of them. Writes the engine refuses change nothing and are answered with
    /// their error, in their turn.
    func startCommit() {
        guard committing == nil, !waiting.isEmpty else { return }
        let writes = waiting
        waiting.removeAll()
        if writesRefusedWhileWaiting > 0 {
            log(
                "Refused \(writesRefusedWhileWaiting) writes while \(Self.mostWritesWaitingForTheDisk) waited for the "
                    + "datastore, which is not keeping up")
            writesRefusedWhileWaiting = 0
        }
        var engine = durable
        engine.followClock()
        var outcomes: [Result<Applied, TipsError>] = []
        var journal: [JournalChange] = []
        for write in writes {
            var candidate = engine
            do throws(TipsError) {
                let applied = try write.apply(&candidate)
                engine = candidate
                if let change = applied.journal { journal.append(change) }
                outcomes.append(.success(applied))
            } catch {
                outcomes.append(.failure(error))
            }
        }
        let commit = Commit(writes: writes, outcomes: outcomes, engine: engine)
        guard engine.state != durable.state || !journal.isEmpty else {
            // Nothing to make durable (a refused request, a testing switch): answer now. Announcing is comparing every
            // tip and property (28,000 instructions), for nothing when the writes changed nothing observable either:
            // a presentation with nothing to show. Time's own changes are the wake-up's to announce.
            let changed =
                engine.testingOverride != durable.testingOverride || engine.displayFrequency != durable.displayFrequency
                || engine.claims != durable.claims
            finish(commit, with: .saved(forgotten: []), announcing: changed)
            return
        }
        committing = commit
        submit(.save(engine.state, journal)) { [weak self] result in
            self?.finish(commit, with: result)
        }
        // While the disk syncs it.
        committing?.keptReplies = keptRepliesRemade(for: engine)
    }

    /// Adopts a durable commit and answers its writes in order; a commit the datastore refused changes nothing, and
    /// each of its writes is answered with the datastore's error.
    private func finish(_ commit: Commit, with result: DatastoreJobResult, announcing: Bool = true) {
        let remade = committing?.keptReplies ?? [:]
        committing = nil
        var forgotten: [Int] = []
        var failure: DBusMethodError?
        switch result {
        case .saved(let counts):
            durable = commit.engine
            keptReplies.merge(remade) { _, remade in remade }
            forgotten = counts
        case .failed(let error):
            log("Failed to save: \(error)")
            failure = TipsServiceError.reply(for: error)
        case .journal, .done:
            failure = .failed("The datastore answered a save with another job's result")
        }
        for (write, outcome) in zip(commit.writes, commit.outcomes) {
            switch (outcome, failure) {
            case (.failure(let error), _):
                write.reply?.fail(TipsServiceError.reply(for: error))
            case (.success, let failure?):
                write.reply?.fail(failure)
            case (.success(let applied), nil):
                let erased = applied.journal == .forget && !forgotten.isEmpty ? forgotten.removeFirst() : 0
                write.reply?.succeed(applied.values(erased))
            }
        }
        if announcing {
            announceChanges()
        }
        for caller in commit.writes.compactMap(\.caller) {
            answered(caller)
        }
        startCommit()
    }

    /// Whether `message` calls a write of the contract: one answered in the caller's order, once durable.
    static func isWrite(_ message: DBusMessage) -> Bool {
        guard let member = message.member?.rawValue else { return false }
        switch message.interface {
        case nil:
            return Tips1.Method(rawValue: member)?.isWrite ?? Tips1Testing.Method(rawValue: member)?.isWrite ?? false
        case Tips1.name?: return Tips1.Method(rawValue: member)?.isWrite ?? false
        case Tips1Testing.name?: return Tips1Testing.Method(rawValue: member)?.isWrite ?? false
        default: return false
        }
    }

    /// Has the datastore perform `job` on the writer's thread, after the jobs submitted before it; `handle` gets its
    /// result as a handler of the loop, which is not woken for a job without one.
    func submit(_ job: DatastoreJob, then handle: ((DatastoreJobResult) -> Void)? = nil) {
        guard let handle else {
            writer.submit(job) { _ in }
            return
        }
        let handler = LoopBound(handle)
        let mailbox = loop.mailbox
        writer.submit(job) { result in
            mailbox.post { handler.value(result) }
        }
    }

    /// Finishes the jobs submitted and not yet done, answering the writes they carry; writes still waiting are
    /// refused, unchanged; then closes the datastore. Call once the loop has stopped, before closing the connection.
    ///
    /// - Throws: `DatastoreError` when the datastore cannot be closed cleanly; its WAL is then replayed at the next
    ///   start, so nothing is lost.
    public func finish() throws(DatastoreError) {
        refuseWaitingWrites()
        // The commit in flight is answered as its result comes back, and what that hands the writer is done too.
        repeat {
            writer.waitUntilIdle()
            refuseWaitingWrites()
        } while loop.runPosted() > 0
        try writer.close()
        // Released now rather than at exit, so that a leak check sees nothing held (valgrind cannot follow the tagged
        // pointers of Swift's enums, and called the kept replies lost).
        keptReplies.removeAll()
    }

    /// Refuses every write waiting for a commit, unchanged: the service is stopping.
    private func refuseWaitingWrites() {
        let refused = waiting
        waiting.removeAll()
        commitScheduled = false
        for write in refused {
            write.reply?.fail(.failed("feels-tipsd is stopping; nothing was changed"))
        }
    }

    /// Counts one of `caller`'s writes or journal reads answered, and serves the calls it held back once none is
    /// left: each in turn, until one of them is a write that must be answered first.
    func answered(_ caller: String) {
        let left = unanswered[caller, default: 1] - 1
        unanswered[caller] = left > 0 ? left : nil
        while unanswered[caller] == nil, var held = heldBack[caller], !held.isEmpty {
            let call = held.removeFirst()
            heldBack[caller] = held.isEmpty ? nil : held
            connection?.serveHeldBack(call)
        }
    }

    /// The call gate: a caller's call waits while any of its earlier writes is unanswered, so its replies keep the
    /// order of its calls (a read sent after a write sees the write). A write goes straight to the queue, which keeps
    /// the order itself, unless calls of the caller are already held.
    func holdBack(_ message: DBusMessage) -> Bool {
        // With no write unanswered, no call waits: nothing to look up.
        guard !unanswered.isEmpty || !heldBack.isEmpty else { return false }
        guard let caller = message.sender, unanswered[caller] != nil || heldBack[caller] != nil else { return false }
        if heldBack[caller] == nil, Self.isWrite(message) {
            return false
        }
        heldBack[caller, default: []].append(message)
        return true
    }
}

/// A handler made on the loop's thread, carried through the writer's thread back to the loop, and called only there.
private final class LoopBound<Value>: @unchecked Sendable {
    // @unchecked: `value` is made, called and released on the loop's thread alone; the writer's thread only carries it.
    let value: Value
    init(_ value: Value) { self.value = value }
}
