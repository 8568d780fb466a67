import BusTestSupport
import DBus
import TipsInterface

extension RunningService {
    /// Every value `PropertiesChanged` announced for `property` so far, in order.
    func announced(_ property: Tips1.Property) -> [DBusValue] {
        changedProperties.filter { $0.0 == property.rawValue }.map(\.1)
    }

    /// Every status `TipChanged` announced for the tip `id` so far, in order.
    func announcedStatuses(of id: String) -> [String] {
        tipChanges.filter { $0.id == id }.compactMap(\.changes.status)
    }

    /// The names of the properties `PropertiesChanged` announced so far, in order.
    var announcedPropertyNames: [String] {
        changedProperties.map(\.0)
    }
}
