import DBus
import TipsCore

extension TipsObject {
    /// Announces what changed between the last observation announced and the durable engine now: properties with
    /// `PropertiesChanged`, tips with `TipStatusChanged` and `TipChanged`; then schedules the next wake-up.
    func announceChanges() {
        let observation = durable.observation()
        let changes = observation.changes(since: announced)
        announced = observation
        if !changes.isEmpty, let connection {
            emit(changes, of: observation, on: connection)
        }
        scheduleWake()
    }

    private func emit(_ changes: ObservationChanges, of observation: TipsObservation, on connection: DBusConnection) {
        var properties = changes.parameters.map { parameter in
            (TipsInterface.propertyName(of: parameter), TipDictionary.value(of: observation.values[parameter]))
        }
        if changes.nextDisplayTimeChanged {
            properties.append(
                (TipsInterface.nextDisplayTime, .int64(observation.nextDisplayTime?.microsecondsSinceEpoch ?? 0)))
        }
        if changes.displayFrequencyChanged {
            properties.append((TipsInterface.displayFrequency, .string(observation.displayFrequency.description)))
        }
        if changes.testingOverrideChanged {
            properties.append((TipsInterface.testingOverride, .string(observation.testingOverride.name)))
        }
        if changes.timeZoneChanged {
            properties.append((TipsInterface.timeZone, .string(observation.timeZone)))
        }
        do {
            if !properties.isEmpty {
                try connection.emitPropertiesChanged(
                    path: Self.path, interface: TipsInterface.name, changed: properties, invalidated: [])
            }
            for (id, status) in changes.statuses {
                try connection.emitSignal(
                    path: Self.path, interface: TipsInterface.name, member: TipsInterface.tipStatusChanged,
                    arguments: [.string(id.rawValue), .string(status.name)])
            }
            for change in changes.tips {
                try connection.emitSignal(
                    path: Self.path, interface: TipsInterface.name, member: TipsInterface.tipChanged,
                    arguments: [.string(change.tip.id.rawValue), TipDictionary.changes(of: change)])
            }
        } catch {
            log("Failed to announce a change: \(error), ignoring")
        }
    }

    /// Announces every property, the constants too, with one `PropertiesChanged`: after the object took over from a
    /// ``TipsStandIn``, under which nothing could be read, so that every client (a notifier waiting on the service
    /// among them) reads the service afresh.
    public func announceTakeover() {
        guard let connection,
            let declared = connection.exportedObject(at: Self.path)?.interface(named: TipsInterface.name.rawValue)
        else { return }
        do {
            try connection.emitPropertiesChanged(
                path: Self.path, interface: TipsInterface.name,
                changed: declared.properties.map { ($0.name.rawValue, $0.get()) }, invalidated: [])
        } catch {
            log("Failed to announce the properties: \(error), ignoring")
        }
    }

    /// Tells the executable when to wake next, when that changed.
    func scheduleWake() {
        let next = durable.nextTimeDrivenChange()
        if next != scheduledWake {
            scheduledWake = next
            onWakeNeeded(next)
        }
    }
}
