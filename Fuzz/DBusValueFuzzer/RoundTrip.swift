@testable import DBus

/// Writes values through the binding's one append path and holds the body to libdbus's type writer, the size checks
/// and both readers: what the binding writes, libdbus and the binding read back as the values written.
enum RoundTrip {
    /// The body `append(_:)` writes for `values`, which must be valid; `what` names them in a failure.
    @discardableResult
    static func write(_ values: [DBusValue], what: @autoclosure () -> String) -> [UInt8] {
        let written: [UInt8]
        do {
            written = try body(values)
        } catch {
            fail("\(what()) are refused when written: \(error)")
        }
        do {
            check(
                try LibDBusReference.body(of: values) == written, "\(what()): libdbus's type writer writes other bytes")
        } catch {
            fail("\(what()): the reference checks refuse what append took: \(error)")
        }
        do {
            let template = try DBusMessage.methodReturnTemplate(marshalling: values)
            check(template.wire.body == written, "\(what()): a reply template holds other bytes")
        } catch {
            fail("\(what()) are refused in a reply template: \(error)")
        }
        var end = 0
        for value in values {
            do {
                end = try value.checkedEnd(at: end)
            } catch {
                fail("\(what()): checkedEnd refuses what append took: \(error)")
            }
        }
        check(end == written.count, "\(what()): the checks count \(end) bytes, append wrote \(written.count)")
        readBack(values, what: what())
        return written
    }

    /// The body a fresh method call gets from `values` through `append(_:)`.
    static func body(_ values: [DBusValue]) throws(DBusError) -> [UInt8] {
        try call(values).wire.body
    }

    /// A method call `/` `M`, numbered 1, holding `values`.
    private static func call(_ values: [DBusValue]) throws(DBusError) -> DBusMessage {
        let message = try DBusMessage.methodCall(destination: nil, path: "/", interface: nil, member: "M")
        message.wire.serial = 1
        try message.append(values)
        return message
    }

    /// A call holding `values`, written by the binding and by libdbus: each message, loaded both ways, must hold the
    /// call's header and exactly `values`.
    private static func readBack(_ values: [DBusValue], what: @autoclosure () -> String) {
        let sent: WireMessage
        let ours: [UInt8]
        let theirs: [UInt8]
        do {
            sent = try call(values).wire
            ours = try sent.serialized()
            theirs = try LibDBusReference.bytes(kind: sent, values: values, serial: sent.serial)
        } catch {
            fail("\(what()): a call holding them cannot be written: \(error)")
        }
        for (writer, bytes) in [("the binding", ours), ("libdbus", theirs)] {
            guard let (message, read) = BothReaders.load(bytes, what: "\(what()), written by \(writer)") else {
                fail("\(what()): the call \(writer) wrote is refused: \(BothReaders.hex(bytes))")
            }
            check(message == sent, "\(what()): the call \(writer) wrote is read as another")
            check(read.isIdentical(to: values), "\(what()): the call \(writer) wrote is read as \(read)")
        }
    }
}
