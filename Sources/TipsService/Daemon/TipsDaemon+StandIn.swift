import DBus
import FeelsSystem
import TipsInterface
import TipsStore

// While another process holds the datastore, a stand-in answers every call with InUse, and a thread waits on the
// datastore's lock; once it is free, the tips object takes the stand-in's place and announces every property.
extension TipsDaemon {
    /// Exports the stand-in, naming the process that holds the datastore.
    func exportStandIn() throws(DBusError) {
        // Asked only when the datastore is not ours: looking opens the file, and closing any descriptor of it would
        // drop the POSIX locks SQLite holds on it in this process.
        let holder = DatastoreLockWait.holder(of: datastore.path).map(PeerProcess.init(pid:))
        let standIn = TipsStandIn(datastore: datastore.path, holder: holder)
        self.standIn = standIn
        try standIn.export(on: connection)
    }

    /// Waits on the datastore's lock, and serves the tips from it once it is free.
    func waitForDatastore(standingIn standIn: TipsStandIn) {
        let wait: DatastoreLockWait
        do {
            wait = try DatastoreLockWait(path: datastore.path)
        } catch {
            log.error("Failed to wait for the datastore: \(error)")
            stop(exitingWith: 1)
            return
        }
        lockWait = wait
        var source: LoopSourceID?
        source = loop.addWatch(fd: wait.descriptor, events: .readable) { [self] _ in
            guard let outcome = wait.outcome() else { return }
            if let source { loop.removeWatch(source) }
            lockWait = nil
            guard outcome.isEmpty else {
                log.error("Failed to wait for the datastore '\(datastore.path)': \(outcome)")
                stop(exitingWith: 1)
                return
            }
            takeOver(from: standIn)
        }
    }

    /// Serves the tips from the datastore now free, in the stand-in's place; waits again when a third process was
    /// quicker.
    private func takeOver(from standIn: TipsStandIn) {
        do {
            let object = try serveTips(try datastore.open())
            object.announceTakeover()
            log.info(
                "Serving '\(Tips1.busName)' as \(connection.uniqueName) with datastore '\(datastore.path)' "
                    + "from now on: \(standIn.holder?.description ?? "the process that held it") let it go")
        } catch let error as DatastoreError {
            guard case .inUse = error else {
                log.error("Failed to open the datastore: \(error)")
                stop(exitingWith: 1)
                return
            }
            // The refusal names the third process, which is the one to wait for now.
            log.info("\(standIn.refusal.message); waiting again")
            waitForDatastore(standingIn: standIn)
        } catch {
            log.error("Failed to serve '\(Tips1.busName)': \(error)")
            stop(exitingWith: 1)
        }
    }
}
