/// A day in the calendar with no time or time zone: an OpenAPI `format: date` value such as a
/// birthday or a due date.
///
/// Not a `Date`: a `Date` is an instant, and turning `2024-02-29` into one means choosing a
/// time zone, in which the same instant may be the 28th. This type keeps the three numbers
/// the server sent and writes them back exactly.
public struct CalendarDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ParameterValue {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A date the caller knows to be valid, such as a literal in code.
    ///
    /// - Precondition: the day exists in that month of that year (in the Gregorian calendar),
    ///   and `year` is in `0...9999`, the range the wire format can write.
    ///   Use `init?(_:)` for text that may be invalid.
    public init(year: Int, month: Int, day: Int) {
        precondition(
            (0...9999).contains(year) && CivilCalendar.isValid(year: year, month: month, day: day),
            "\(year)-\(month)-\(day) is not a date"
        )
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` exactly, or returns `nil` (for `2023-02-29`, `2024-2-1`,
    /// `2024-01-01T00:00:00Z`, …).
    public init?(_ string: String) {
        var reader = ByteReader(string)
        guard let year = reader.number(digits: 4), reader.skip(UInt8(ascii: "-")),
            let month = reader.number(digits: 2), reader.skip(UInt8(ascii: "-")),
            let day = reader.number(digits: 2), reader.isAtEnd,
            CivilCalendar.isValid(year: year, month: month, day: day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, the wire form.
    public var description: String {
        CivilCalendar.padded(year, width: 4) + "-" + CivilCalendar.padded(month, width: 2)
            + "-" + CivilCalendar.padded(day, width: 2)
    }

    public var parameterValue: String { description }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a date such as 2024-02-29, found \"\(text)\""
            )
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
