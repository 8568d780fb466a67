import DBus
import TipsCore
import TipsInterface

extension TipsObject {
    /// Announces what changed between the last observation announced and the durable engine now: properties with
    /// `PropertiesChanged` (as the contract's property table compares them), tips with `TipChanged`; then schedules
    /// the next wake-up.
    func announceChanges() {
        let observation = durable.observation()
        let changes = observation.changes(since: announced)
        announced = observation
        if let connection {
            parametersAnnounced = durable.parameterValues
            let properties = Tips1.properties(of: self)
            parametersAnnounced = nil
            do {
                if let old = announcedProperties {
                    let changed = properties.changes(since: old)
                    if !changed.isEmpty {
                        try connection.emitPropertiesChanged(
                            path: Tips1.objectPath, interface: Tips1.name, changed: changed, invalidated: [])
                    }
                }
                if servesTesting, changes.testingOverrideChanged {
                    try connection.emitPropertiesChanged(
                        path: Tips1.objectPath, interface: Tips1Testing.name,
                        changed: [(Tips1Testing.Property.activeSwitch.name.rawValue, .string(activeSwitch))],
                        invalidated: [])
                }
                for change in changes.tips {
                    try Tips1.emitTipChanged(
                        id: change.tip.id.rawValue, location: location(of: change.tip.id),
                        changes: TipDictionary.changes(of: change), on: connection)
                }
            } catch {
                log("Failed to announce a change: \(error), ignoring")
            }
            announcedProperties = properties
        }
        scheduleWake()
    }

    private func location(of id: TipID) -> String {
        durable.catalog.first { $0.id == id }?.location.rawValue ?? ""
    }

    /// Announces every property, the constants too, with one `PropertiesChanged`: after the object took over from a
    /// ``TipsStandIn``, under which nothing could be read, so that every client (a notifier waiting on the service
    /// among them) reads the service afresh.
    public func announceTakeover() {
        guard let connection else { return }
        let declared = Tips1.definition(serving: self)
        do {
            try connection.emitPropertiesChanged(
                path: Tips1.objectPath, interface: Tips1.name,
                changed: declared.properties.map { ($0.name.rawValue, $0.get()) }, invalidated: [])
        } catch {
            log("Failed to announce the properties: \(error), ignoring")
        }
    }

    /// Tells the executable when to wake next, when that changed.
    func scheduleWake() {
        let next = nextTimeDrivenChange()
        if next != scheduledWake {
            scheduledWake = next
            onWakeNeeded(next)
        }
    }
}
