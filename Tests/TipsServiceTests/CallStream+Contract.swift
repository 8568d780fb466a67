import BusTestSupport
import DBus
import TipsInterface

extension CallStream.Call {
    /// A call of a method of `org.feels.Tips1`, named through the contract.
    init(_ method: Tips1.Method, _ arguments: [DBusValue] = []) {
        self.init(method.rawValue, arguments)
    }

    /// `Properties.Get` of a property of `org.feels.Tips1`, named through the contract.
    static func property(_ property: Tips1.Property) -> Self {
        .property(property.rawValue)
    }

    /// The method of `org.feels.Tips1` the call makes; `nil` for a call of another interface.
    var method: Tips1.Method? {
        interface == Tips1.name ? Tips1.Method(rawValue: member) : nil
    }
}

extension CallStream.Tally {
    /// How many calls of `method` were acknowledged.
    func acknowledged(_ method: Tips1.Method) -> Int {
        acknowledged[method.rawValue, default: 0]
    }
}
