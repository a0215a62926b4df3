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

    @Test func decodingInvalidTextFails() {
        #expect(throws: DecodingError.self) {
            try Coding.standard.decode([CalendarDate].self, from: Data(#"["2023-02-29"]"#.utf8))
        }
    }

    @Test func ordersChronologically() {
        let dates = ["2024-03-01", "2023-12-31", "2024-02-29"].compactMap(CalendarDate.init)
        #expect(dates.sorted().map(\.description) == ["2023-12-31", "2024-02-29", "2024-03-01"])
    }
}
