import Foundation

/// The configuration of the bench's private buses: a session bus with the limits Debian's session bus has
/// (`/usr/share/dbus-1/session.conf`), and no service directories, so nothing is activated behind the bench's back.
/// dbus-daemon's own defaults, which a configuration without limits gets, are the system bus's: 128 pending replies a
/// connection would refuse a client's 129th pipelined call, whatever the service.
enum SessionBusConfig {
    /// Writes the configuration into `folder`, with the bus's socket beside it.
    ///
    /// - Returns: The file written.
    /// - Throws: When the file cannot be written.
    static func write(in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("bus.conf")
        let limits = [
            "max_incoming_bytes": 1_000_000_000, "max_outgoing_bytes": 1_000_000_000,
            "max_message_size": 1_000_000_000, "max_replies_per_connection": 50000,
            "max_match_rules_per_connection": 50000, "max_names_per_connection": 50000,
        ].sorted { $0.key < $1.key }.map { "  <limit name=\"\($0.key)\">\($0.value)</limit>" }
        try """
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(folder.path)/bus</listen>
          <auth>EXTERNAL</auth>
          <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
            <allow own="*"/></policy>
        \(limits.joined(separator: "\n"))
        </busconfig>

        """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
