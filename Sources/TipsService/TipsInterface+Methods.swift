import DBus
import TipsCore

extension TipsInterface {
    /// Every method, in the order introspection lists them.
    static func methods(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
        reporting(served) + reading(served) + displaying(served) + userData(served) + testing(served)
    }

    /// What apps report the user did.
    private static func reporting(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
        [
            DBusMethod(
                name: "LogMood", inputs: [.init("mood", "s", Documentation.moodArgument)],
                outputs: [.init("mood_log_count", "u", "How many moods have been logged, this one included.")],
                annotations: [.documentation(Documentation.logMood)]
            ) { call throws(DBusMethodError) in
                [.uint32(try served().logMood(try call.string(at: 0)))]
            },
            DBusMethod(name: "SettingsViewed", annotations: [.documentation(Documentation.settingsViewed)]) {
                _ throws(DBusMethodError) in
                try served().settingsViewed()
                return []
            },
            DBusMethod(
                name: "UpdateDaysUsingApp", inputs: [.init("days", "u", "Days of use, counting today: 0 to 36525.")],
                annotations: [.documentation(Documentation.updateDaysUsingApp)]
            ) { call throws(DBusMethodError) in
                try served().updateDaysUsingApp(try call.uint32(at: 0))
                return []
            },
            DBusMethod(
                name: "UpdateStreak", inputs: [.init("days", "u", "Streak days, counting today: 0 to 36525.")],
                annotations: [.documentation(Documentation.updateStreak)]
            ) { call throws(DBusMethodError) in
                try served().updateStreak(try call.uint32(at: 0))
                return []
            },
        ]
    }

    /// What apps read, changing nothing.
    private static func reading(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
        [
            DBusMethod(
                name: "ListTips",
                outputs: [.init("tips", "aa{sv}", "Every tip, in catalog order, as GetTip gives it.")],
                annotations: [.documentation(Documentation.listTips)]
            ) { _ throws(DBusMethodError) in
                [.array("a{sv}", try served().listTips())]
            },
            DBusMethod(
                name: "GetTip", inputs: [.init("id", "s", Documentation.tipArgument)],
                outputs: [.init("tip", "a{sv}", Documentation.tipDictionary)],
                annotations: [.documentation(Documentation.getTip)]
            ) { call throws(DBusMethodError) in
                [try served().tip(try call.string(at: 0))]
            },
            DBusMethod(
                name: "ListLocalizedTips", inputs: [.init("locale", "s", Documentation.localeArgument)],
                outputs: [.init("tips", "aa{sv}", "Every tip, in catalog order, as GetLocalizedTip gives it.")],
                annotations: [.documentation(Documentation.listLocalizedTips)]
            ) { call throws(DBusMethodError) in
                [.array("a{sv}", try served().listTips(locale: try call.string(at: 0)))]
            },
            DBusMethod(
                name: "GetLocalizedTip",
                inputs: [
                    .init("id", "s", Documentation.tipArgument), .init("locale", "s", Documentation.localeArgument),
                ],
                outputs: [.init("tip", "a{sv}", "The tip, with the keys GetTip documents.")],
                annotations: [.documentation(Documentation.getLocalizedTip)]
            ) { call throws(DBusMethodError) in
                [try served().tip(try call.string(at: 0), locale: try call.string(at: 1))]
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
    private static func displaying(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
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
                annotations: [.documentation(Documentation.displayTip)]
            ) { call throws(DBusMethodError) in
                [.boolean(try served().displayTip(try call.string(at: 0)))]
            },
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
                annotations: [.documentation(Documentation.displayNextTip)]
            ) { call throws(DBusMethodError) in
                [.string(try served().displayNextTip(try call.string(at: 0)))]
            },
            DBusMethod(
                name: "InvalidateTip",
                inputs: [
                    .init("id", "s", Documentation.tipArgument),
                    .init("reason", "s", "actionPerformed or tipClosed, in any letter case."),
                ],
                annotations: [.documentation(Documentation.invalidateTip)]
            ) { call throws(DBusMethodError) in
                try served().invalidateTip(try call.string(at: 0), reason: try call.string(at: 1))
                return []
            },
            DBusMethod(name: "ResetAllTips", annotations: [.documentation(Documentation.resetAllTips)]) {
                _ throws(DBusMethodError) in
                try served().resetAllTips()
                return []
            },
        ]
    }

    /// The user's own data: their moods.
    private static func userData(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
        [
            DBusMethod(
                name: "ExportMoods", outputs: [.init("moods", "a(xsi)", Documentation.moodsArgument)],
                annotations: [.documentation(Documentation.exportMoods)]
            ) { _ throws(DBusMethodError) in
                [.array(TipDictionary.moodSignature, try served().exportMoods())]
            },
            DBusMethod(
                name: "ForgetMoods", outputs: [.init("forgotten", "u", "How many moods were erased.")],
                annotations: [.documentation(Documentation.forgetMoods)]
            ) { _ throws(DBusMethodError) in
                [.uint32(try served().forgetMoods())]
            },
        ]
    }

    /// The testing switches, after TipKit's; they last as long as the service runs.
    private static func testing(_ served: @escaping () throws(DBusMethodError) -> TipsObject) -> [DBusMethod] {
        [
            DBusMethod(
                name: "ShowAllTipsForTesting", annotations: [.documentation(Documentation.showAllTipsForTesting)]
            ) { _ throws(DBusMethodError) in
                try served().setTestingOverride(.showAll)
                return []
            },
            DBusMethod(
                name: "ShowTipsForTesting", inputs: [.init("ids", "as", "The tips to show, in any letter case.")],
                annotations: [.documentation(Documentation.showTipsForTesting)]
            ) { call throws(DBusMethodError) in
                try served().showTipsForTesting(try call.strings(at: 0))
                return []
            },
            DBusMethod(
                name: "HideAllTipsForTesting", annotations: [.documentation(Documentation.hideAllTipsForTesting)]
            ) { _ throws(DBusMethodError) in
                try served().setTestingOverride(.hideAll)
                return []
            },
            DBusMethod(
                name: "ClearTestingOverrides", annotations: [.documentation(Documentation.clearTestingOverrides)]
            ) { _ throws(DBusMethodError) in
                try served().setTestingOverride(.none)
                return []
            },
            DBusMethod(
                name: "SetDisplayFrequency",
                inputs: [.init("frequency", "s", Documentation.frequencyArgument)],
                annotations: [.documentation(Documentation.setDisplayFrequency)]
            ) { call throws(DBusMethodError) in
                try served().setDisplayFrequency(try call.string(at: 0))
                return []
            },
        ]
    }
}
