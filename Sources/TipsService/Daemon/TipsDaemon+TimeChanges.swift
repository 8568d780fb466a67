import DBus
import FeelsSystem

extension TipsDaemon {
    /// Reads the time zone the C library uses, warning when its name is unknown; call before the tips are served.
    public static func readTimeZone(log: ProcessLog) {
        SystemTimeZone.reload()
        if let problem = SystemTimeZone.unknownName {
            log.warning(problem)
        }
    }

    /// Re-evaluates the tips whenever the system clock is set or the machine resumes.
    public func reevaluateTipsWhenTheClockChanges() {
        loop.addClockChangeHandler { [self] in
            log.info("The system clock was set or the machine resumed; re-evaluating the tips")
            tips?.timePassed()
        }
    }

    /// Follows the time zone's file by name and re-evaluates the tips when it changes; without one to follow, a change
    /// of time zone needs a restart.
    ///
    /// Followed by name, so that replacing `/etc/localtime` (`timedatectl set-timezone`) or the file `TZ` names takes
    /// effect at once.
    public func followTimeZone() {
        guard let zoneFile = SystemTimeZone.sourceFile else { return }
        let watch: PathWatch
        do {
            watch = try PathWatch(path: zoneFile)
        } catch {
            log.warning("\(error); a change of time zone will need a restart")
            return
        }
        zoneWatch = watch
        loop.addWatch(fd: watch.descriptor, events: .readable) { [self] _ in
            guard watch.drainEvents() else { return }
            Self.readTimeZone(log: log)
            log.info("The time zone changed to '\(SystemTimeZone().identifier)'; re-evaluating the tips")
            tips?.timePassed()
        }
    }
}
