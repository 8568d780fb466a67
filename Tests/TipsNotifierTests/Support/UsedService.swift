import BusTestSupport
import DBus

extension RunningService {
    /// The real service, used today: a mood logged, so the notifier may advertise Feels (day one of use). Its first
    /// new tips are CustomizeLayoutTip, then TimeViewTip.
    static func usedToday(arguments: [String] = [], environment: [String: String?] = [:]) throws -> RunningService {
        let service = try RunningService(arguments: arguments, environment: environment)
        try service.tips.logMood(mood: "great")
        return service
    }
}
