import Foundation
import MusubiRuntime
import Testing

@Suite struct DateDecodingTests {
    private struct Box: Codable {
        var date: Date
    }

    private func decode(_ text: String) throws -> Date {
        try Coding.standard.decode(Box.self, from: Data(#"{"date":"\#(text)"}"#.utf8)).date
    }

    /// Whole microseconds since 1970, so assertions are exact integers.
    private func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    @Test(arguments: [
        "2015-07-17T02:29:12Z",
        "2015-07-17t02:29:12z",
        "2015-07-17 02:29:12Z",
        "2015-07-17T02:29:12+00:00",
        "2015-07-17T02:29:12-00:00",
        "2015-07-17T11:29:12+09:00",
        "2015-07-17T11:29:12+0900",
        "2015-07-17T11:29:12+09",
        "2015-07-16T21:59:12-04:30",
        "2015-07-17T02:29:12",
        "2015-07-17 02:29:12",
    ])
    func wholeSecondsInEveryForm(text: String) throws {
        #expect(microseconds(try decode(text)) == 1_437_100_152_000_000)
    }

    @Test(arguments: [
        ("2015-07-17T02:29:12.390282", Int64(1_437_100_152_390_282)),
        ("2015-07-17T02:29:12.390282Z", 1_437_100_152_390_282),
        ("2015-07-17T11:29:12.390282+09:00", 1_437_100_152_390_282),
        ("2015-07-17T02:29:12.390Z", 1_437_100_152_390_000),
        ("2015-07-17T02:29:12.3Z", 1_437_100_152_300_000),
        ("2015-07-17T02:29:12.000001Z", 1_437_100_152_000_001),
        ("2015-07-17T02:29:12.999999999Z", 1_437_100_153_000_000),
        ("2015-07-17T02:29:12.1234567891234Z", 1_437_100_152_123_457),
    ])
    func fractionalSecondsKeepMicroseconds(text: String, expected: Int64) throws {
        #expect(microseconds(try decode(text)) == expected)
    }

    @Test func bareDateIsMidnightUTC() throws {
        #expect(try decode("2015-05-12").timeIntervalSince1970 == 1_431_388_800)
    }

    @Test func leapDayAndDatesBefore1970() throws {
        #expect(try decode("2024-02-29T12:00:00Z").timeIntervalSince1970 == 1_709_208_000)
        #expect(try decode("1969-12-31T23:59:59Z").timeIntervalSince1970 == -1)
        #expect(try decode("1900-03-01").timeIntervalSince1970 == -2_203_891_200)
    }

    @Test(arguments: [
        "", "garbage", "2015-07-17T", "2015-07-17T02:29", "2015-07-17T02:29:12.", "2015-07-17T02:29:12Zjunk",
        "2015-02-29T00:00:00Z", "2015-13-01", "2015-07-32", "2015-07-17T24:00:00Z", "2015-07-17T02:60:00Z",
        "2015-07-17T02:29:12+09:", "2015-07-17T02:29:12+9", "15-07-17", "2015-7-17", "1437100152",
    ])
    func invalidTextIsADecodingError(text: String) {
        #expect(throws: DecodingError.self) { try decode(text) }
    }
}

@Suite struct DateEncodingTests {
    private func encode(_ interval: TimeInterval) throws -> String {
        String(decoding: try Coding.standard.encode([Date(timeIntervalSince1970: interval)]), as: UTF8.self)
    }

    @Test func wholeSecondsHaveNoFraction() throws {
        #expect(try encode(1_704_164_645) == #"["2024-01-02T03:04:05Z"]"#)
    }

    @Test func millisecondsWhenNotZero() throws {
        #expect(try encode(1_704_164_645.5) == #"["2024-01-02T03:04:05.500Z"]"#)
        #expect(try encode(1_704_164_645.007) == #"["2024-01-02T03:04:05.007Z"]"#)
    }

    @Test func subMicrosecondRoundsAndCarries() throws {
        // 2023-12-31T23:59:59Z, as seconds since 2001, where a `Date` keeps them.
        let lastSecond = 725_759_999.0
        func format(_ fraction: Double) -> String {
            Date(timeIntervalSinceReferenceDate: lastSecond + fraction).parameterValue
        }
        #expect(format(0) == "2023-12-31T23:59:59Z")
        #expect(format(0.9999996) == "2024-01-01T00:00:00Z")
        #expect(format(0.9999994) == "2023-12-31T23:59:59.999999Z")
        #expect(format(0.0000004) == "2023-12-31T23:59:59Z")
        #expect(format(0.0000006) == "2023-12-31T23:59:59.000001Z")
        #expect(format(0.9996) == "2023-12-31T23:59:59.9996Z")
    }

    /// A date decoded from what a server sent is encoded as the same text, up to microseconds:
    /// whole seconds without a fraction, whole milliseconds as `.SSS`, else the digits without
    /// trailing zeros.
    @Test(arguments: [
        ("2020-06-17T22:26:56.098086Z", "2020-06-17T22:26:56.098086Z"),
        ("2024-01-17 20:11:42.907112+00:00", "2024-01-17T20:11:42.907112Z"),
        ("2024-01-17T21:11:42.907112+01:00", "2024-01-17T20:11:42.907112Z"),
        ("2024-01-02T03:04:05Z", "2024-01-02T03:04:05Z"),
        ("2024-01-02T03:04:05.000Z", "2024-01-02T03:04:05Z"),
        ("2024-01-02T03:04:05.5Z", "2024-01-02T03:04:05.500Z"),
        ("2024-01-02T03:04:05.120Z", "2024-01-02T03:04:05.120Z"),
        ("2024-01-02T03:04:05.007Z", "2024-01-02T03:04:05.007Z"),
        ("2024-01-02T03:04:05.12345Z", "2024-01-02T03:04:05.12345Z"),
        ("2024-01-02T03:04:05.123450Z", "2024-01-02T03:04:05.12345Z"),
        ("2024-01-02T03:04:05.000001Z", "2024-01-02T03:04:05.000001Z"),
        ("2024-01-02T03:04:05.999999Z", "2024-01-02T03:04:05.999999Z"),
        ("2024-01-02T03:04:05.9999999Z", "2024-01-02T03:04:06Z"),
        ("2024-01-02T03:04:05.1234567Z", "2024-01-02T03:04:05.123457Z"),
        ("2001-01-01T00:00:00.000001Z", "2001-01-01T00:00:00.000001Z"),
        ("2000-12-31T23:59:59.999999Z", "2000-12-31T23:59:59.999999Z"),
        ("1969-12-31T23:59:59.999999Z", "1969-12-31T23:59:59.999999Z"),
        ("1900-03-01T00:00:00.000001Z", "1900-03-01T00:00:00.000001Z"),
        ("2200-06-30T12:00:00.654321Z", "2200-06-30T12:00:00.654321Z"),
    ])
    func decodedTextEncodesAsItWasWritten(text: String, expected: String) throws {
        let date = try Coding.standard.decode([Date].self, from: Data(#"["\#(text)"]"#.utf8))
        #expect(String(decoding: try Coding.standard.encode(date), as: UTF8.self) == #"["\#(expected)"]"#)
        #expect(date.first?.parameterValue == expected)
    }

    /// Past 2³³ seconds from 2001 a `Double` no longer tells microseconds apart: milliseconds,
    /// as before, rather than digits that were never sent.
    @Test func farDatesKeepMilliseconds() throws {
        let dates = try Coding.standard.decode(
            [Date].self, from: Data(#"["9999-12-31T23:59:59.123Z", "9999-12-31T23:59:59.123456Z"]"#.utf8))
        #expect(dates.map(\.parameterValue) == ["9999-12-31T23:59:59.123Z", "9999-12-31T23:59:59.123Z"])
    }

    @Test func beforeEpochAndFarDates() throws {
        #expect(try encode(-1) == #"["1969-12-31T23:59:59Z"]"#)
        #expect(try encode(-0.25) == #"["1969-12-31T23:59:59.750Z"]"#)
        #expect(try encode(253_402_300_799) == #"["9999-12-31T23:59:59Z"]"#)
    }

    @Test func roundTripsThroughDecoding() throws {
        let date = Date(timeIntervalSince1970: 1_437_100_152.25)
        let data = try Coding.standard.encode([date])
        #expect(try Coding.standard.decode([Date].self, from: data) == [date])
    }

    @Test func parameterValueMatchesJSON() throws {
        #expect(Date(timeIntervalSince1970: 0).parameterValue == "1970-01-01T00:00:00Z")
        let date = Date(timeIntervalSinceReferenceDate: 614_125_616.098086)
        #expect(date.parameterValue == "2020-06-17T22:26:56.098086Z")
        #expect(String(decoding: try Coding.standard.encode([date]), as: UTF8.self) == #"["\#(date.parameterValue)"]"#)
    }

    @Test func microsecondsRoundTripThroughDecoding() throws {
        let date = Date(timeIntervalSinceReferenceDate: 614_125_616.098086)
        let data = try Coding.standard.encode([date])
        let decoded = try Coding.standard.decode([Date].self, from: data)
        #expect(abs(decoded[0].timeIntervalSince(date)) < 0.000_000_5)
        #expect(try Coding.standard.encode(decoded) == data)
    }
}
