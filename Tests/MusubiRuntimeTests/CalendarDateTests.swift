import Foundation
import MusubiRuntime
import Testing

@Suite struct CalendarDateTests {
    @Test func parsesAndPrintsExactly() throws {
        let date = try #require(CalendarDate("2024-02-29"))
        #expect(date.year == 2024 && date.month == 2 && date.day == 29)
        #expect(date.description == "2024-02-29")
        #expect(date.parameterValue == "2024-02-29")
        #expect(CalendarDate("0001-01-01")?.description == "0001-01-01")
    }

    @Test(arguments: [
        "2023-02-29", "1900-02-29", "2024-04-31", "2024-00-10", "2024-13-01", "2024-01-00", "2024-2-1",
        "24-02-01", "2024-02-01T00:00:00Z", " 2024-02-01", "2024/02/01", "", "abcd-ef-gh",
    ])
    func rejectsInvalidText(text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test func acceptsLeapDayIn2000() {
        #expect(CalendarDate("2000-02-29") != nil)
    }

    @Test func codableRoundTrip() throws {
        let dates = [CalendarDate(year: 2024, month: 2, day: 29), CalendarDate(year: 1999, month: 12, day: 31)]
        let data = try Coding.standard.encode(dates)
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-02-29","1999-12-31"]"#)
        #expect(try Coding.standard.decode([CalendarDate].self, from: data) == dates)
    }

    /// A date-time where a date is expected (Xero Payroll UK's `2020-04-01T00:00:00`) decodes
    /// as the date it is written with, whatever its zone, and encodes as a date.
    @Test(arguments: [
        "2020-04-01T00:00:00", "2020-04-01T00:00:00Z", "2020-04-01T23:59:59-05:00", "2020-04-01T00:30:00+09:00",
        "2020-04-01t12:00:00.123456z", "2020-04-01 08:00:00", "2020-04-01T08:00:00+0900",
    ])
    func decodingTakesTheDateOfADateTime(text: String) throws {
        let dates = try Coding.standard.decode([CalendarDate].self, from: Data(#"["\#(text)"]"#.utf8))
        #expect(dates == [CalendarDate(year: 2020, month: 4, day: 1)])
        #expect(String(decoding: try Coding.standard.encode(dates), as: UTF8.self) == #"["2020-04-01"]"#)
        // The exact parser, which a union's `date` alternative uses, still takes only a date.
        #expect(CalendarDate(text) == nil)
    }

    @Test(arguments: [
        "2023-02-29", "2020-13-01", "hello", "", "2020-04-01T", "2020-04-01Tfoo", "2020-04-01T25:00:00",
        "2020-04-01T00:00", "2020-04-01T00:00:00+", "2020-04-01T00:00:00Zjunk", "2020-04-01X00:00:00",
        "2020-04-01 ", "2020-02-30T00:00:00Z", "2020-04-01T00:00:00+24:00",
    ])
    func decodingInvalidTextFails(text: String) {
        #expect(throws: DecodingError.self) {
            try Coding.standard.decode([CalendarDate].self, from: Data(#"["\#(text)"]"#.utf8))
        }
    }

    @Test func ordersChronologically() {
        let dates = ["2024-03-01", "2023-12-31", "2024-02-29"].compactMap(CalendarDate.init)
        #expect(dates.sorted().map(\.description) == ["2023-12-31", "2024-02-29", "2024-03-01"])
    }
}
