/// A method of an exported interface: its name, typed arguments and a handler that answers at once, or one that
/// answers later through a ``DBusDeferredReply``.
public struct DBusMethod {
    /// The method name (UpperCamel by convention).
    public var name: MemberName
    /// The input arguments; calls with any other signature get `InvalidArgs` before the handler runs.
    public var inputs: [DBusArgument] {
        didSet { inputSignature = inputs.signature }
    }
    /// The output arguments; a handler returning values of another signature makes the caller get `Failed`.
    public var outputs: [DBusArgument] {
        didSet { outputSignature = outputs.signature }
    }
    /// The inputs' and the outputs' signatures, joined once rather than for every call.
    private(set) var inputSignature: String
    private(set) var outputSignature: String
    /// Annotations shown in introspection.
    public var annotations: [DBusAnnotation]
    /// Runs the method and answers through the reply it is given, then or later, once: each initializer makes it
    /// from the handler it takes.
    var handler: (DBusMethodCall, DBusDeferredReply) -> Void

    /// Creates a method.
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The input arguments.
    ///   - outputs: The output arguments.
    ///   - annotations: Annotations shown in introspection.
    ///   - handler: Runs on the connection's thread; returns the output values.
    public init(
        name: MemberName, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
        annotations: [DBusAnnotation] = [],
        handler: @escaping (DBusMethodCall) throws(DBusMethodError) -> [DBusValue]
    ) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        inputSignature = inputs.signature
        outputSignature = outputs.signature
        self.annotations = annotations
        self.handler = { call, reply in
            do throws(DBusMethodError) {
                reply.succeed(try handler(call))
            } catch {
                reply.fail(error)
            }
        }
    }

    /// Creates a method whose handler answers later: when the answer needs work that must not block the connection's
    /// thread (a write made durable by another thread, say).
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The input arguments.
    ///   - outputs: The output arguments; the values given to the reply are checked against them.
    ///   - annotations: Annotations shown in introspection.
    ///   - deferred: Runs on the connection's thread; answers through the reply, then or later, once.
    public init(
        name: MemberName, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
        annotations: [DBusAnnotation] = [], deferred: @escaping (DBusMethodCall, DBusDeferredReply) -> Void
    ) {
        self.init(name: name, inputs: inputs, outputs: outputs, annotations: annotations, handler: { _ in [] })
        handler = deferred
    }

    /// A method whose handler returns its outputs marshalled once and kept (``DBusReplyBody``): each call is answered
    /// with a copy, for a large reply that changes seldom. (A factory rather than an initializer, so that a trailing
    /// closure given to `init(name:inputs:outputs:annotations:handler:)` stays unambiguous.)
    ///
    /// - Parameters:
    ///   - name: The method name.
    ///   - inputs: The input arguments.
    ///   - outputs: The output arguments; the body's signature is checked against them.
    ///   - annotations: Annotations shown in introspection.
    ///   - body: Runs on the connection's thread; returns the body to answer with.
    public static func prepared(
        name: MemberName, inputs: [DBusArgument] = [], outputs: [DBusArgument] = [],
        annotations: [DBusAnnotation] = [],
        body: @escaping (DBusMethodCall) throws(DBusMethodError) -> DBusReplyBody
    ) -> DBusMethod {
        DBusMethod(
            name: name, inputs: inputs, outputs: outputs, annotations: annotations,
            deferred: { call, reply in
                do throws(DBusMethodError) {
                    reply.succeed(body: try body(call))
                } catch {
                    reply.fail(error)
                }
            })
    }
}
