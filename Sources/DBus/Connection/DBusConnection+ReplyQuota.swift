import CSystem
import Glibc

/// How many bytes of replies one peer may have waiting in the connection's outgoing queue, after dbus-broker's
/// per-peer quotas: a client that sends calls and never reads the answers must not fill the service's memory, nor hold
/// every other client's replies behind its own.
public struct ReplyQuota: Hashable, Sendable {
    /// Past this many bytes queued for a peer, its calls are answered with
    /// `org.freedesktop.DBus.Error.LimitsExceeded` instead of being served.
    public var soft: Int
    /// Past this many, its calls are dropped unanswered: even refusals would pile up.
    public var hard: Int

    /// A quota; the default lets a peer have 64 KiB of replies waiting (a dozen `ListTips` replies), then 32 KiB of
    /// refusals. The outgoing queue is one queue for every peer, so each peer's share of it is what every other peer
    /// may wait behind: 1 MiB made others wait a second on a loaded machine, 64 KiB a tenth of one.
    public init(soft: Int = 64 << 10, hard: Int = 96 << 10) {
        self.soft = soft
        self.hard = max(soft, hard)
    }
}

extension DBusConnection {
    /// What happens to a call from a peer, given the replies it has not read yet.
    enum Admission {
        case serve
        case refuse
        case drop
    }

    /// Whether a call from `peer` is served, refused, or dropped.
    func admission(of peer: String) -> Admission {
        let queued = queuedReplyBytes[peer, default: 0]
        if queued < replyQuota.soft { return .serve }
        if peersOverQuota.insert(peer).inserted {
            onReplyQuota?(peer, true)
        }
        return queued < replyQuota.hard ? .refuse : .drop
    }

    /// Sends a reply to `peer`, counting it against the peer's quota until libdbus has written it out.
    func sendReply(_ reply: DBusMessage, to peer: String) {
        let size = reply.estimatedSize
        queuedReplyBytes[peer, default: 0] += size
        queuedReplyTotal += size
        queuedReplyPeak = max(queuedReplyPeak, queuedReplyTotal)
        reply.onRelease { [weak self] in
            self?.replyWritten(size, to: peer)
        }
        _ = try? send(reply)
    }

    private func replyWritten(_ size: Int, to peer: String) {
        queuedReplyTotal -= size
        let left = queuedReplyBytes[peer, default: 0] - size
        if left > 0 {
            queuedReplyBytes[peer] = left
            return
        }
        queuedReplyBytes[peer] = nil
        if peersOverQuota.remove(peer) != nil {
            onReplyQuota?(peer, false)
        }
        // After a burst, hand the memory the queue held back to the system: glibc keeps freed memory otherwise.
        if queuedReplyBytes.isEmpty, queuedReplyPeak >= 4 << 20 {
            queuedReplyPeak = 0
            malloc_trim(0)
        }
    }
}
