import DBus
import Foundation
import Testing

@testable import TipsCommand

/// Our own JSON encoder: escaping, numbers, and how D-Bus values map to JSON.
@Suite("JSON output")
struct JSONEncodingTests {
    @Test func stringsEscapeQuotesBackslashesAndEveryControlCharacterAndKeepUnicodeAsUTF8() throws {
        let text = "say \"hi\"\\ \n\r\t\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F} é ü 日本 😀 \u{2028}"
        let encoded = JSONValue.string(text).encoded(pretty: false)
        #expect(
            encoded
                == "\"say \\\"hi\\\"\\\\ \\n\\r\\t\\b\\f\\u0000\\u0001\\u001f\\u007f é ü 日本 😀 \u{2028}\"")
        let decoded = try JSONSerialization.jsonObject(with: Data(encoded.utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
    }

    @Test func numbersBooleansAndNullAreWrittenAsJSONHasThem() {
        let value = JSONValue.array([
            .integer(-42), .unsignedInteger(UInt64.max), .number(1.5), .number(.nan), .number(.infinity), .bool(true),
            .bool(false), .null,
        ])
        #expect(value.encoded(pretty: false) == "[-42,18446744073709551615,1.5,null,null,true,false,null]")
    }

    @Test func prettyOutputIndentsByTwoSpacesAndEmptyContainersStayOnOneLine() {
        let value = JSONValue.object([("a", .array([.integer(1), .object([])])), ("b", .array([]))])
        #expect(value.encoded(pretty: true) == "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}")
        #expect(value.encoded(pretty: false) == "{\"a\":[1,{}],\"b\":[]}")
    }

    @Test func dbusValuesMapToTheirJSONKindsKeepingOrder() throws {
        let value = DBusValue.vardict([
            ("count", .uint32(3)), ("when", .int64(-5)), ("flag", .boolean(true)), ("name", .string("Tip")),
            ("checks", .array("a{sv}", [.vardict([("done", .boolean(false))])])),
            ("mood", .structure([.int64(1), .string("great"), .int32(3600)])),
            ("path", .objectPath("/org/example/Tips")),
            ("byte", .byte(7)), ("big", .uint64(UInt64.max)), ("ratio", .double(0.25)),
            (
                "numbers",
                .dictionary(key: .uint32, value: .string, [DBusDictEntry(key: .uint32(1), value: .string("one"))])
            ),
        ])
        let encoded = JSONValue(value).encoded(pretty: false)
        #expect(
            encoded
                == "{\"count\":3,\"when\":-5,\"flag\":true,\"name\":\"Tip\",\"checks\":[{\"done\":false}],"
                + "\"mood\":[1,\"great\",3600],\"path\":\"/org/example/Tips\",\"byte\":7,\"big\":18446744073709551615,"
                + "\"ratio\":0.25,\"numbers\":{\"1\":\"one\"}}")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String: Any])
        #expect(decoded["flag"] as? Bool == true)
        #expect(decoded["count"] as? Int == 3)
    }

    @Test func anISO8601TimeAtAFixedOffsetIsTheClockThatOffsetShowed() {
        // 2026-11-30T16:20:01Z
        let instant: Int64 = 1_796_055_601_000_000
        #expect(LocalTime.iso8601(instant, utcOffset: 0) == "2026-11-30T16:20:01+00:00")
        #expect(LocalTime.iso8601(instant, utcOffset: 19_800) == "2026-11-30T21:50:01+05:30")
        #expect(LocalTime.iso8601(instant, utcOffset: -10_800) == "2026-11-30T13:20:01-03:00")
        #expect(LocalTime.iso8601(instant + 999_999, utcOffset: 0) == "2026-11-30T16:20:01+00:00")
        #expect(LocalTime.iso8601(-1, utcOffset: 0) == "1969-12-31T23:59:59+00:00")
    }

    @Test(
        arguments: [
            (86_400_000_000 + 3_600_000_000, "in 1 day 1 h"), (2 * 86_400_000_000, "in 2 days"),
            (23 * 3_600_000_000 + 59 * 60_000_000 + 59_000_000, "in 23 h 59 min"), (3 * 60_000_000, "in 3 min"),
            (40_000_000, "in 40 s"), (400_000, "now"), (-5, "now"),
        ] as [(Int64, String)])
    func aTimeAheadIsSaidRoundedDown(ahead: Int64, text: String) {
        #expect(LocalTime.relative(1_000_000_000 + ahead, from: 1_000_000_000) == text)
    }
}
