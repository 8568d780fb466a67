import DBus
import TipsCore
import TipsInterface

extension TipsObject {
    /// Claims the tip a desktop notification may offer now for the caller, and answers with it in the languages the
    /// options name; follows the caller on the bus, so that its holds end if it leaves without releasing them.
    public func claimNotificationTip(options: Tips1.WordsOptions, reply: Tips1.ClaimNotificationTipAnswer) {
        let languages = Self.languages(options.languages)
        let holder = reply.sender
        follow(holder)
        enqueue(
            Write(caller: holder, reply: reply.reply) { [weak self] engine throws(TipsError) in
                guard let id = engine.claimNotificationTip(for: holder) else {
                    return Applied { _ in Tips1.ClaimNotificationTipAnswer.values(id: "", tip: nil) }
                }
                let snapshot = try engine.snapshot(of: id)
                self?.log("Claimed '\(id)' for the notification of \(holder)")
                return Applied { _ in
                    Tips1.ClaimNotificationTipAnswer.values(
                        id: id.rawValue, tip: self?.tip(of: snapshot, languages: languages))
                }
            })
    }

    /// Ends the hold of the caller's notification of a tip; not shown, undoes the claim.
    public func releaseNotificationTip(id: String, shown: Bool, reply: Tips1.ReleaseNotificationTipAnswer) {
        let holder = reply.sender
        enqueue(
            Write(caller: holder, reply: reply.reply) { engine throws(TipsError) in
                try engine.releaseNotificationTip(TipID(rawValue: id), holder: holder, shown: shown)
                return Applied()
            })
    }

    /// Follows `holder`'s presence on the bus with a `NameOwnerChanged` rule for its unique name alone, then asks
    /// whether it is still there (it may have left before the rule was in place). Neither call waits for the bus:
    /// the bus answers them in order, before any later call of ours.
    private func follow(_ holder: String) {
        guard !followedHolders.contains(holder), let connection else { return }
        followedHolders.insert(holder)
        do {
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "AddMatch", arguments: [.string(Self.holderRule(holder))], timeout: .seconds(25)
            ) { [weak self] result in
                if case .failure(let error) = result {
                    self?.log("Failed to follow notifier \(holder) on the bus: \(error), ignoring")
                }
            }
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner", arguments: [.string(holder)], timeout: .seconds(25)
            ) { [weak self] result in
                if case .success(let values) = result, values.first?.boolValue == false {
                    self?.holderLeft(holder)
                }
            }
        } catch {
            log("Failed to follow notifier \(holder) on the bus: \(error), ignoring")
        }
    }

    private static func holderRule(_ holder: String) -> String {
        SignalRule.nameOwnerChanged(holder).matchRule
    }

    /// A signal reached the service: only the bus's `NameOwnerChanged` for a notifier it follows is acted on.
    func received(_ message: DBusMessage) {
        guard message.sender == "org.freedesktop.DBus", message.path?.rawValue == "/org/freedesktop/DBus",
            message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged"),
            let arguments = try? message.arguments, arguments.count == 3,
            let name = arguments[0].stringValue, arguments[2].stringValue == ""
        else { return }
        holderLeft(name)
    }

    /// A notifier left the bus: its holds end, as if each notification had been shown.
    private func holderLeft(_ name: String) {
        guard followedHolders.remove(name) != nil else { return }
        _ = try? connection?.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "RemoveMatch", arguments: [.string(Self.holderRule(name))], timeout: .seconds(25)
        ) { _ in }
        enqueue(
            Write(caller: nil, reply: nil) { [weak self] engine throws(TipsError) in
                let released = engine.releaseNotificationTips(heldBy: name)
                if !released.isEmpty {
                    self?.log(
                        "Notifier \(name) left the bus; released "
                            + released.map { "'\($0)'" }.joined(separator: ", ") + " as shown")
                }
                return Applied()
            })
    }
}
