@testable import DBus

/// Writes values through both of the binding's append paths, and through the wire writer kept replies are made with,
/// and checks that they agree with each other, with the offsets the size checks count, and with what reading the
/// result back gives.
enum RoundTrip {
    /// The body both paths write for `values`, which must be valid; `what` names them in a failure.
    @discardableResult
    static func write(_ values: [DBusValue], what: String) -> [UInt8] {
        let twoPass: [UInt8]
        let onePass: [UInt8]
        do {
            twoPass = try body(values, onePass: false)
            onePass = try body(values, onePass: true)
        } catch {
            fail("\(what) are refused when written back: \(error)")
        }
        check(twoPass == onePass, "\(what): the two append paths write different bytes")
        do {
            let template = try DBusMessage.methodReturnTemplate(marshalling: values)
            check(WireMessage.body(of: template).bytes == twoPass, "\(what): the wire writer writes other bytes")
        } catch {
            fail("\(what) are refused by the wire writer: \(error)")
        }
        var end = 0
        for value in values {
            do {
                end = try value.checkedEnd(at: end)
            } catch {
                fail("\(what): checkedEnd refuses what append took: \(error)")
            }
        }
        check(end == twoPass.count, "\(what): the checks count \(end) bytes, libdbus wrote \(twoPass.count)")
        guard
            let again = WireMessage.load(
                WireMessage.methodCall(
                    signature: Array(values.map(\.signature.rawValue).joined().utf8), body: twoPass, bigEndian: false))
        else {
            fail("\(what): libdbus refuses the body the binding wrote")
        }
        do {
            check(try body(again.arguments, onePass: false) == twoPass, "\(what): read back, they write otherwise")
        } catch {
            fail("\(what): the body written cannot be read back: \(error)")
        }
        return twoPass
    }

    /// The body a fresh message gets from `values`, through `append(_:)` or `appendInOnePass(_:)`.
    static func body(_ values: [DBusValue], onePass: Bool) throws(DBusError) -> [UInt8] {
        let message = try DBusMessage.methodCall(destination: nil, path: "/", interface: nil, member: "M")
        if onePass {
            try message.appendInOnePass(values)
        } else {
            try message.append(values)
        }
        return WireMessage.body(of: message).bytes
    }
}
