/// One call made during a load: what it was, when it was handed to the connection and when its reply was back.
struct LoadSample: Sendable {
    /// The call.
    let kind: CallKind
    /// When it was sent.
    let start: ContinuousClock.Instant
    /// When its reply was back.
    let end: ContinuousClock.Instant
}
