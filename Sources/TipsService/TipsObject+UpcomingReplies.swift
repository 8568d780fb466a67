import DBus
import FeelsSystem
import TipsCore
import TipsInterface

/// Replies kept for reads, made again for the engine a commit in flight is making durable, while the disk is waited
/// for: adopted when the commit is durable, dropped when it is not.
struct UpcomingReplies {
    /// The commit they were made for (`Commit.serial`).
    let commit: UInt64
    /// Whether the snapshots they show, made as the commit was in flight, held then until the engine's next
    /// time-driven change: they are then marked checked in the generation that adopts them.
    let hold: Bool
    /// Tips read on their own, with the reply `GetTips` of each alone.
    var dictionaries: [DictionaryKey: PreparedTip] = [:]
    /// Lists of tips.
    var lists: [TipListKey: PreparedTipList] = [:]
}

/// What is to be made for a commit, found with the loop held: every tip to build, with its snapshot and its words
/// (whose reading touches what the loop's handlers touch: the translations read so far, the time zone's last
/// offsets), and every list to assemble. Making it from there touches nothing of the loop's.
private struct UpcomingPlan {
    /// A tip to build and marshal.
    struct TipToMake {
        let snapshot: TipSnapshot
        let languages: [LanguageName]
        let words: TipWords
        /// For a tip read on its own: how many times in a row it was made again and not read, this time included;
        /// `nil` for a tip made for a list alone.
        let refreshesUnread: Int?
    }

    /// A list to assemble from its tips, each made here or kept.
    struct ListToMake {
        let key: TipListKey
        let snapshots: [TipSnapshot]
        let languages: [LanguageName]
        let refreshesUnread: Int
    }

    let commit: UInt64
    let hold: Bool
    var tips: [DictionaryKey: TipToMake] = [:]
    var lists: [ListToMake] = []
    /// The tips kept, for the lists' tips that did not change.
    let kept: [DictionaryKey: PreparedTip]
}

// The replies a write changes are made again by the next thread free once the write is out with the datastore, rather
// than at the next read (which waited for them): the loop's other thread, if an event wakes it while the disk is
// waited for, or the writing thread once it has answered. They wake no thread (`PollLoop.scheduleSpare`): waking the
// other thread put a wake-up on every write's way to its fsync. What is made is what ``refreshKeptReplies()`` makes,
// and the lists read since the last write: each is made again only while it is read between writes. The snapshots and
// words are found with the loop held; the dictionaries are built and marshalled with it let go, so that the other
// thread's handlers, the write's answer among them, are not held up by them.
extension TipsObject {
    /// How many lists one commit makes again at most.
    private static let listsRefreshedAtOnce = 2

    /// Has the loop's next free thread make, once the commit `commit` is out with the datastore, the replies it changes.
    func prepareUpcomingReplies(for commit: Commit) {
        loop.scheduleSpare { [weak self] in
            guard let self, isCurrent(commit) else { return }
            guard let plan = upcomingPlan(for: commit), !plan.tips.isEmpty || !plan.lists.isEmpty else { return }
            let made = loop.letGo { Self.make(plan) }
            guard isCurrent(commit) else { return }
            upcoming = made
            if committing?.serial != commit.serial {
                // Made after the commit ended (the thread that made them waited for a processor, or the disk was
                // quick), with nothing changed since: adopted now rather than made again at the next read.
                adoptUpcomingReplies(of: commit)
                upcoming = nil
            }
        }
    }

    /// Whether replies made for `commit` show what will be durable: it is in flight, or it ended and its engine is the
    /// durable one, in the generation it began (nothing, time included, changed it since).
    private func isCurrent(_ commit: Commit) -> Bool {
        if committing?.serial == commit.serial { return true }
        guard let durableCommit else { return false }
        return durableCommit.serial == commit.serial && durableCommit.generation == durableGeneration
    }

    /// Adopts the replies made for `commit`, now durable; call once ``durable`` is its engine.
    func adoptUpcomingReplies(of commit: Commit) {
        guard let upcoming, upcoming.commit == commit.serial else { return }
        let generation = durableGeneration
        for (key, var prepared) in upcoming.dictionaries
        where dictionaries[key] != nil || dictionaries.count < Self.languageListsKept * durable.catalog.count {
            prepared.checkedIn = upcoming.hold ? generation : nil
            dictionaries[key] = prepared
        }
        for (key, var list) in upcoming.lists {
            list.checkedIn = upcoming.hold ? generation : nil
            tipLists[key] = list
        }
    }

    /// What `commit` changes of the replies kept, for its engine: the tips read on their own
    /// (``refreshKeptReplies()``'s), and the lists read since the last write; `nil` when none was read since it was
    /// last made again.
    private func upcomingPlan(for commit: Commit) -> UpcomingPlan? {
        // Writes nobody reads between (a stream of moods) find nothing to make, and make no copies to find it.
        guard tipLists.values.contains(where: \.isMadeAgain) || dictionaries.values.contains(where: \.isMadeAgain)
        else { return nil }
        let engine = commit.engine
        // Known before the snapshots are made, so that they hold no later than it.
        let now = engine.now
        let hold = engine.nextTimeDrivenChange().map { now < $0 } ?? true
        var plan = UpcomingPlan(commit: commit.serial, hold: hold, kept: dictionaries)
        let lists = tipLists.filter(\.value.isMadeAgain)
        let alone = dictionaries.filter(\.value.isMadeAgain)
        let snapshots = engine.snapshots()
        var budget = Self.tipsRefreshedAtOnce
        for (key, kept) in alone where budget > 0 {
            guard let snapshot = snapshots.first(where: { $0.tip.id == key.id }), snapshot != kept.snapshot else {
                continue
            }
            budget -= 1
            plan.tips[key] = UpcomingPlan.TipToMake(
                snapshot: snapshot, languages: kept.languages,
                words: words(of: snapshot.tip, languages: kept.languages),
                refreshesUnread: kept.refreshesUnread + 1)
        }
        for (key, kept) in lists.prefix(Self.listsRefreshedAtOnce) {
            let shown = snapshots.filter { key.location == nil || $0.tip.location == key.location }
            guard shown != kept.snapshots else { continue }
            for snapshot in shown {
                let tip = DictionaryKey(id: snapshot.tip.id, languages: key.languages)
                let unchanged = dictionaries[tip].map { $0.snapshot == snapshot && $0.marshalled != nil } ?? false
                guard !unchanged, plan.tips[tip] == nil else { continue }
                plan.tips[tip] = UpcomingPlan.TipToMake(
                    snapshot: snapshot, languages: kept.languages,
                    words: words(of: snapshot.tip, languages: kept.languages), refreshesUnread: nil)
            }
            plan.lists.append(
                UpcomingPlan.ListToMake(
                    key: key, snapshots: shown, languages: kept.languages, refreshesUnread: kept.refreshesUnread + 1))
        }
        return plan
    }

    /// The replies `plan` asks for: run with the loop let go, it reads only the plan.
    private static func make(_ plan: UpcomingPlan) -> UpcomingReplies {
        var upcoming = UpcomingReplies(commit: plan.commit, hold: plan.hold)
        for (key, tip) in plan.tips {
            var prepared = PreparedTip(
                snapshot: tip.snapshot, languages: tip.languages, tip: TipDictionary.tip(tip.snapshot, words: tip.words)
            )
            // A reply that cannot be made now cannot be made at the read either, which reports why.
            if let refreshesUnread = tip.refreshesUnread {
                guard (try? alone(&prepared)) != nil else { continue }
                prepared.refreshesUnread = refreshesUnread
            } else {
                guard (try? marshalled(&prepared)) != nil else { continue }
            }
            upcoming.dictionaries[key] = prepared
        }
        for list in plan.lists {
            var tips: [Tips1.Tip.Marshalled] = []
            for snapshot in list.snapshots {
                let key = DictionaryKey(id: snapshot.tip.id, languages: list.key.languages)
                // Only a tip of this very snapshot: made here, or kept unchanged.
                let made = upcoming.dictionaries[key].flatMap { $0.snapshot == snapshot ? $0.marshalled : nil }
                let kept = plan.kept[key].flatMap { $0.snapshot == snapshot ? $0.marshalled : nil }
                guard let marshalled = made ?? kept else { break }
                tips.append(marshalled)
            }
            guard tips.count == list.snapshots.count,
                let prepared = try? marshal({ () throws(DBusError) in try Tips1.GetTipsPrepared(tips: tips) })
            else { continue }
            upcoming.lists[list.key] = PreparedTipList(
                snapshots: list.snapshots, languages: list.languages, prepared: prepared,
                refreshesUnread: list.refreshesUnread)
        }
        return upcoming
    }
}
