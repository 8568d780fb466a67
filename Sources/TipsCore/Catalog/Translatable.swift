/// Marks `message` as text to translate and returns it unchanged.
///
/// The English words are gettext's message ids: `scripts/update-po` finds every `translatable("…")` with xgettext,
/// and the service looks the words up in the user's language when it answers. The core itself never translates.
public func translatable(_ message: String) -> String {
    message
}
