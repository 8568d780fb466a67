import Testing
import TipsCore

@Suite("Paths spelled for a URI")
struct PercentEncodedPathTests {
    @Test(arguments: [
        ("/usr/share/icons/a.png", "/usr/share/icons/a.png"),
        ("/home/Zoë/My Icons/a#1.png", "/home/Zo%C3%AB/My%20Icons/a%231.png"),
        ("/tmp/x?y=%41&z", "/tmp/x%3Fy%3D%2541%26z"),
        ("/a\tb\u{1}c~_-.", "/a%09b%01c~_-."),
        ("", ""),
    ])
    func everyByteOutsideTheUnreservedSetAndSlashIsEncoded(_ path: String, _ encoded: String) {
        #expect(PercentEncodedPath.encoding(path) == encoded)
    }

    @Test func everyEncodedPathDecodesToItsBytes() {
        let path = "/ä/€/😀/%/?/#/[/]/@/!/$/&/'/(/)/*/+/,/;/=/ /\u{7f}"
        var decoded: [UInt8] = []
        var bytes = Array(PercentEncodedPath.encoding(path).utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                continue
            }
            let hex = String(decoding: bytes.prefix(2), as: UTF8.self)
            bytes = bytes.dropFirst(2)
            decoded.append(UInt8(hex, radix: 16) ?? 0)
        }
        #expect(decoded == Array(path.utf8))
    }
}
