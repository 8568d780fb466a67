/// A file path spelled for a URI: each byte outside RFC 3986's unreserved characters and `/` percent-encoded, so
/// that any path (spaces, `#`, `?`, `%`, UTF-8) reads back as itself. SQLite's URI filenames and `file://` URIs
/// both take it after their scheme.
public enum PercentEncodedPath {
    /// `path` percent-encoded, upper-case hex digits: `/home/Zoë/a b` → `/home/Zo%C3%AB/a%20b`.
    public static func encoding(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = ""
        encoded.unicodeScalars.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0xf)])
            }
        }
        return encoded
    }
}
