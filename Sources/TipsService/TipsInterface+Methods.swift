import DBus
import TipsCore

extension TipsInterface {
    /// Every method, in the order introspection lists them.
    static func methods(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
        /// A handler that answers later: the object answers once the write is durable.
        func deferring(
            _ body: @escaping (TipsObject, DBusMethodCall, DBusDeferredReply) throws(DBusMethodError) -> Void
        ) -> (DBusMethodCall, DBusDeferredReply) -> Void {
            { call, reply in
                do throws(DBusMethodError) { try body(try served(), call, reply) } catch { reply.fail(error) }
            }
        }
        return reporting(deferring) + reading(served) + displaying(served, deferring)
            + userData(deferring) + testing(deferring)
    }

    /// The members that change state (or read the journal from disk): they are answered once durable, in each
    /// caller's order.
    static let writeMembers = Set(
        definition(serving: nil).methods.filter { $0.deferredHandler != nil }.map(\.name.rawValue))

    /// Whether `message` calls one of the ``writeMembers``.
    static func isWrite(_ message: DBusMessage) -> Bool {
        guard let member = message.member?.rawValue, writeMembers.contains(member) else { return false }
        return message.interface == nil || message.interface == name
    }

    /// Makes a handler that answers later, once the object has made the request durable.
    typealias Deferring = (
        @escaping (TipsObject, DBusMethodCall, DBusDeferredReply) throws(DBusMethodError) -> Void
    ) -> (DBusMethodCall, DBusDeferredReply) -> Void

    /// What apps report the user did.
    private static func reporting(_ deferring: Deferring) -> [DBusMethod] {
        [
            DBusMethod(
                name: "LogMood", inputs: [.init("mood", "s", Documentation.moodArgument)],
                outputs: [.init("mood_log_count", "u", "How many moods have been logged, this one included.")],
                annotations: [.documentation(Documentation.logMood)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.logMood(try call.string(at: 0), reply: reply)
                }),
            DBusMethod(
                name: "SettingsViewed", annotations: [.documentation(Documentation.settingsViewed)],
                deferred: deferring { object, _, reply throws(DBusMethodError) in
                    object.settingsViewed(reply: reply)
                }),
            DBusMethod(
                name: "UpdateDaysUsingApp", inputs: [.init("days", "u", "Days of use, counting today: 0 to 36525.")],
                annotations: [.documentation(Documentation.updateDaysUsingApp)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.updateDaysUsingApp(try call.uint32(at: 0), reply: reply)
                }),
            DBusMethod(
                name: "UpdateStreak", inputs: [.init("days", "u", "Streak days, counting today: 0 to 36525.")],
                annotations: [.documentation(Documentation.updateStreak)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.updateStreak(try call.uint32(at: 0), reply: reply)
                }),
        ]
    }

    /// What apps read, changing nothing.
    private static func reading(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
        [
            .prepared(
                name: "ListTips",
                outputs: [.init("tips", "aa{sv}", "Every tip, in catalog order, as GetTip gives it.")],
                annotations: [.documentation(Documentation.listTips)]
            ) { _ throws(DBusMethodError) in try served().tipListReply() },
            .prepared(
                name: "GetTip", inputs: [.init("id", "s", Documentation.tipArgument)],
                outputs: [.init("tip", "a{sv}", Documentation.tipDictionary)],
                annotations: [.documentation(Documentation.getTip)]
            ) { call throws(DBusMethodError) in try served().tipReply(try call.string(at: 0)) },
            .prepared(
                name: "ListLocalizedTips", inputs: [.init("locale", "s", Documentation.localeArgument)],
                outputs: [.init("tips", "aa{sv}", "Every tip, in catalog order, as GetLocalizedTip gives it.")],
                annotations: [.documentation(Documentation.listLocalizedTips)]
            ) { call throws(DBusMethodError) in try served().tipListReply(locale: try call.string(at: 0)) },
            .prepared(
                name: "GetLocalizedTip",
                inputs: [
                    .init("id", "s", Documentation.tipArgument), .init("locale", "s", Documentation.localeArgument),
                ],
                outputs: [.init("tip", "a{sv}", "The tip, with the keys GetTip documents.")],
                annotations: [.documentation(Documentation.getLocalizedTip)]
            ) { call throws(DBusMethodError) in
                try served().tipReply(try call.string(at: 0), locale: try call.string(at: 1))
            },
            DBusMethod(
                name: "EligibleTips", inputs: [.init("location", "s", Documentation.locationArgument)],
                outputs: [.init("ids", "as", "The tips whose rules hold, in catalog order.")],
                annotations: [.documentation(Documentation.eligibleTips)]
            ) { call throws(DBusMethodError) in
                [.strings(try served().eligibleTips(try call.string(at: 0)))]
            },
        ]
    }

    /// Deciding what to show, after TipKit's `TipView` and `Tip.shouldDisplay`.
    private static func displaying(
        _ served: @escaping () throws(DBusMethodError) -> TipsObject, _ deferring: Deferring
    ) -> [DBusMethod] {
        [
            DBusMethod(
                name: "ShouldDisplayTip", inputs: [.init("id", "s", Documentation.tipArgument)],
                outputs: [.init("should_display", "b", "Whether DisplayTip would show the tip now.")],
                annotations: [.documentation(Documentation.shouldDisplayTip)]
            ) { call throws(DBusMethodError) in
                [.boolean(try served().shouldDisplayTip(try call.string(at: 0)))]
            },
            DBusMethod(
                name: "DisplayTip", inputs: [.init("id", "s", Documentation.tipArgument)],
                outputs: [.init("shown", "b", "True when the app should show the tip; the display is then recorded.")],
                annotations: [.documentation(Documentation.displayTip)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.displayTip(try call.string(at: 0), reply: reply)
                }),
            DBusMethod(
                name: "NextNewTip", inputs: [.init("location", "s", Documentation.locationArgument)],
                outputs: [.init("id", "s", "The next tip that has never appeared and may appear now; '' for none.")],
                annotations: [.documentation(Documentation.nextNewTip)]
            ) { call throws(DBusMethodError) in
                [.string(try served().nextNewTip(try call.string(at: 0)))]
            },
            DBusMethod(
                name: "PeekNextTip", inputs: [.init("location", "s", Documentation.locationArgument)],
                outputs: [.init("id", "s", "The tip DisplayNextTip would show now; '' for none.")],
                annotations: [.documentation(Documentation.peekNextTip)]
            ) { call throws(DBusMethodError) in
                [.string(try served().peekNextTip(try call.string(at: 0)))]
            },
            DBusMethod(
                name: "DisplayNextTip", inputs: [.init("location", "s", Documentation.locationArgument)],
                outputs: [.init("id", "s", "The tip to show now, its display recorded; '' for none.")],
                annotations: [.documentation(Documentation.displayNextTip)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.displayNextTip(try call.string(at: 0), reply: reply)
                }),
            DBusMethod(
                name: "InvalidateTip",
                inputs: [
                    .init("id", "s", Documentation.tipArgument),
                    .init("reason", "s", "actionPerformed or tipClosed, in any letter case."),
                ],
                annotations: [.documentation(Documentation.invalidateTip)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.invalidateTip(try call.string(at: 0), reason: try call.string(at: 1), reply: reply)
                }),
            DBusMethod(
                name: "ResetAllTips", annotations: [.documentation(Documentation.resetAllTips)],
                deferred: deferring { object, _, reply throws(DBusMethodError) in
                    object.resetAllTips(reply: reply)
                }),
        ]
    }

    /// The user's own data: their moods.
    private static func userData(_ deferring: Deferring) -> [DBusMethod] {
        [
            DBusMethod(
                name: "ExportMoods", outputs: [.init("moods", "a(xsi)", Documentation.moodsArgument)],
                annotations: [.documentation(Documentation.exportMoods)],
                deferred: deferring { object, _, reply throws(DBusMethodError) in
                    object.exportMoods(reply: reply)
                }),
            DBusMethod(
                name: "ForgetMoods", outputs: [.init("forgotten", "u", "How many moods were erased.")],
                annotations: [.documentation(Documentation.forgetMoods)],
                deferred: deferring { object, _, reply throws(DBusMethodError) in
                    object.forgetMoods(reply: reply)
                }),
        ]
    }

    /// The testing switches, after TipKit's; they last as long as the service runs.
    private static func testing(_ deferring: Deferring) -> [DBusMethod] {
        [
            DBusMethod(
                name: "ShowAllTipsForTesting", annotations: [.documentation(Documentation.showAllTipsForTesting)],
                deferred: deferring { object, _, reply throws(DBusMethodError) in
                    object.setTestingOverride(.showAll, reply: reply)
                }),
            DBusMethod(
                name: "ShowTipsForTesting", inputs: [.init("ids", "as", "The tips to show, in any letter case.")],
                annotations: [.documentation(Documentation.showTipsForTesting)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.showTipsForTesting(try call.strings(at: 0), reply: reply)
                }),
            DBusMethod(
                name: "HideAllTipsForTesting", annotations: [.documentation(Documentation.hideAllTipsForTesting)],
                deferred: deferring { object, _, reply throws(DBusMethodError) in
                    object.setTestingOverride(.hideAll, reply: reply)
                }),
            DBusMethod(
                name: "ClearTestingOverrides", annotations: [.documentation(Documentation.clearTestingOverrides)],
                deferred: deferring { object, _, reply throws(DBusMethodError) in
                    object.setTestingOverride(.none, reply: reply)
                }),
            DBusMethod(
                name: "SetDisplayFrequency",
                inputs: [.init("frequency", "s", Documentation.frequencyArgument)],
                annotations: [.documentation(Documentation.setDisplayFrequency)],
                deferred: deferring { object, call, reply throws(DBusMethodError) in
                    object.setDisplayFrequency(try call.string(at: 0), reply: reply)
                }),
        ]
    }
}
