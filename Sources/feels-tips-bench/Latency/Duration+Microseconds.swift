extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}
