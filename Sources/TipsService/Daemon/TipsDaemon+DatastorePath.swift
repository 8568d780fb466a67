extension TipsDaemon {
    /// Tells the tips object whenever something happens to the datastore's path: moved, replaced or deleted.
    public func followDatastorePath() {
        guard let watch = datastore.watch else { return }
        loop.addWatch(fd: watch.descriptor, events: .readable) { [self] _ in
            guard watch.drainEvents() else { return }
            tips?.datastorePathChanged()
        }
    }
}
