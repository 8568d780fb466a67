// tz-probe [--once] [INSTANT_SECONDS...]
//
// Prints, for each instant, the UTC offset and local day SystemTimeZone gives under this process's TZ, one
// "OFFSET DAY" line each, then "identifier NAME". Each SIGUSR1 afterwards makes it reload the zone
// (SystemTimeZone.reload()) and print them again. The time zone tests run it, so that TZ is never changed inside the
// test process, where other tests start processes concurrently. With --once it exits after the first report.

import FeelsSystem
import Glibc
import TipsCore

func report(_ instants: [Instant]) {
    let zone = SystemTimeZone()
    for instant in instants {
        print("\(zone.utcOffset(at: instant)) \(zone.day(at: instant))")
    }
    print("identifier \(zone.identifier)")
    fflush(nil)
}

var reloadSignal = sigset_t()
sigemptyset(&reloadSignal)
sigaddset(&reloadSignal, SIGUSR1)
sigprocmask(SIG_BLOCK, &reloadSignal, nil)

SystemTimeZone.reload()
let instants = CommandLine.arguments.dropFirst().compactMap(Int64.init).map(Instant.init(secondsSinceEpoch:))
report(instants)
if CommandLine.arguments.contains("--once") { exit(0) }
var received: Int32 = 0
while sigwait(&reloadSignal, &received) == 0 {
    SystemTimeZone.reload()
    report(instants)
}
