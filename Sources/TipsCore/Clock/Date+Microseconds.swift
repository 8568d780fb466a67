import Foundation

extension Date {
    /// The instant `microseconds` after the Unix epoch.
    public init(microsecondsSinceEpoch microseconds: Int64) {
        self.init(timeIntervalSince1970: Double(microseconds) / 1_000_000)
    }

    /// Microseconds since the Unix epoch, rounded to the nearest: the unit of D-Bus timestamps and the datastore.
    public var microsecondsSinceEpoch: Int64 {
        Int64((timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// The same instant to the whole microsecond, so that it survives the datastore and D-Bus unchanged.
    public var wholeMicroseconds: Date {
        Date(microsecondsSinceEpoch: microsecondsSinceEpoch)
    }
}
