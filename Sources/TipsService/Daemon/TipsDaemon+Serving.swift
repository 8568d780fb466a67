import DBus
import FeelsSystem
import TipsCore
import TipsInterface

extension TipsDaemon {
    /// Exits with status 1 when the connection to the bus is lost.
    public func exitWhenTheBusIsLost() {
        connection.onDisconnected = { [self] in
            log.error("Lost the connection to the bus, exiting")
            stop(exitingWith: 1)
        }
    }

    /// Attaches the connection to the loop and exports the tips object on it, or, while another process holds the
    /// datastore, the stand-in that answers for it.
    ///
    /// - Parameter opened: The datastore opened; `nil` while another process holds it.
    /// - Throws: ``DaemonStartFailure`` when the object cannot be exported.
    public func serve(_ opened: DaemonDatastore.Opened?) throws(DaemonStartFailure) {
        connection.attach(to: loop)
        do {
            if let opened {
                _ = try serveTips(opened)
            } else {
                try exportStandIn()
            }
        } catch {
            throw .serving(error)
        }
    }

    /// Owns `org.feels.Tips` on the bus, refusing to queue for it behind another service.
    ///
    /// - Throws: ``DaemonStartFailure`` when the name is taken or cannot be requested.
    public func ownBusName() throws(DaemonStartFailure) {
        let owned: Bool
        do {
            owned = try connection.requestName(Tips1.busName)
        } catch {
            throw .serving(error)
        }
        guard owned else {
            throw DaemonStartFailure(
                "The name '\(Tips1.busName)' is already taken on this bus; is another feels-tipsd running?")
        }
    }

    /// Says what is served; a stand-in then waits for the datastore, to take it over once it is free.
    public func announce() {
        if let standIn {
            log.warning(
                "\(standIn.refusal.message): answering every call on '\(Tips1.busName)' as \(connection.uniqueName) "
                    + "with \(standIn.refusal.name) until it is free")
            waitForDatastore(standingIn: standIn)
        } else {
            log.info(
                "Serving '\(Tips1.busName)' as \(connection.uniqueName) with datastore '\(datastore.path)', "
                    + "display frequency \(options.displayFrequency), time zone '\(SystemTimeZone().identifier)'")
        }
    }

    /// Serves the tips from the datastore opened: the object, its log and its alarm.
    func serveTips(_ opened: DaemonDatastore.Opened) throws(DBusError) -> TipsObject {
        let engine = TipsEngine(state: opened.state, displayFrequency: options.displayFrequency, clock: SystemClock())
        let object = TipsObject(
            engine: engine, writer: opened.writer, loop: loop, translations: translations, languages: languages,
            testing: options.testing)
        tips = object
        object.log = { [log] in log.warning($0) }
        object.onDatastoreRefused = { [self] error in
            log.error("Failed to open the datastore: \(error); nothing was written to it")
            stop(exitingWith: 1)
        }
        object.onWakeNeeded = { [self] instant in
            if let alarm { loop.cancelAlarm(alarm) }
            alarm = instant.map {
                loop.setAlarm(atMicrosecondsSinceEpoch: $0.microsecondsSinceEpoch) { object.timePassed() }
            }
        }
        try object.export(on: connection)
        return object
    }
}
