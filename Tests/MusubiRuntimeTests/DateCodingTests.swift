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

    @Test func subMillisecondRoundsAndCarries() throws {
        #expect(try encode(1_704_164_645.9996) == #"["2024-01-02T03:04:06Z"]"#)
        #expect(try encode(1_704_164_645.0004) == #"["2024-01-02T03:04:05Z"]"#)
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

    @Test func parameterValueMatchesJSON() {
        #expect(Date(timeIntervalSince1970: 0).parameterValue == "1970-01-01T00:00:00Z")
    }
}
