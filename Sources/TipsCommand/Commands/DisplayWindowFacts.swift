import TipsInterface

/// What `why` needs to say about the display window: the display frequency and when a new tip may next appear.
struct DisplayWindowFacts {
    /// `DisplayFrequency`: `daily`, `immediate`, a number of seconds.
    var frequency: String
    /// `NextDisplayTime`: microseconds since the epoch, 0 for now.
    var nextDisplayTime: Int64
    /// The current instant.
    var now: Int64

    /// What the display window does to `tip`, in plain words.
    func sentence(for tip: Tips1.Tip) -> String {
        if tip.override == "shown" {
            return "it does not apply: a testing switch shows the tip ('feels-tips testing clear' ends it)."
        }
        if tip.override == "hidden" {
            return "it does not matter: a testing switch hides the tip ('feels-tips testing clear' ends it)."
        }
        if tip.status == "invalidated" {
            return "it does not matter: an invalidated tip is not shown."
        }
        if tip.ignoresDisplayFrequency {
            return "it does not apply: this tip neither waits for the display window nor opens one."
        }
        if tip.heldBackBy == "display-window" {
            return "it holds the tip back. Another tip first appeared less than one display frequency (\(frequency)) "
                + "ago, and new tips wait until \(LocalTime.text(tip.heldUntil, countingFrom: now))."
        }
        if tip.displayCount > 0 {
            return "it does not hold the tip back: the tip has appeared before, and a tip already shown keeps "
                + "showing."
        }
        if frequency == "immediate" {
            return "there is none: the display frequency is immediate."
        }
        if tip.status == "pending" {
            guard nextDisplayTime > now else {
                return "it lets a new tip appear now; once the tip's rules hold, it may show."
            }
            return "once the tip's rules hold, it may still wait: new tips wait until "
                + "\(LocalTime.text(nextDisplayTime, countingFrom: now))."
        }
        return "it lets a new tip appear now. The tip's first appearance opens a new window of one display "
            + "frequency (\(frequency)), during which no other tip may first appear."
    }
}
