/// A day in the calendar with no time or time zone: an OpenAPI `format: date` value such as a
/// birthday or a due date.
///
/// Not a `Date`: a `Date` is an instant, and turning `2024-02-29` into one means choosing a
/// time zone, in which the same instant may be the 28th. This type keeps the three numbers
/// the server sent and writes them back exactly.
///
/// Decoding also reads a date-time in a `date` field as the date it starts with: Xero's
/// Payroll UK API sends every `date` as `2020-04-01T00:00:00`, others with `Z` or an offset.
/// The date is taken as written, not moved to another time zone, since the server meant that
/// day; the time must still be a valid RFC 3339 time, so text that is no date still fails.
/// Encoding writes `YYYY-MM-DD`.
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
    /// `2024-01-01T00:00:00Z`, …). Decoding also takes the date of a date-time.
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

    /// A date as servers send one in a `date` value: `YYYY-MM-DD`, or a date-time whose date
    /// is taken as written (`2020-04-01T00:00:00`, `2020-04-01T23:30:00-05:00` and
    /// `2020-04-01 00:00:00Z` are all April 1st), its time zone ignored. The time must be one
    /// that a `date-time` value may have, in any form decoding reads one in; nil for anything
    /// else (`2020-04-01Tfoo`, `2020-04-01T25:00:00`, `2020-13-01`).
    ///
    /// What decoding reads, from a body or a header. A union's `date` alternative reads only
    /// `YYYY-MM-DD` (``init(_:)``), so that a date-time is left for its `date-time` one. Not an
    /// initializer, so that `CalendarDate.init` still names the one that takes a string.
    static func dateOrDateTime(_ text: String) -> CalendarDate? {
        if let date = CalendarDate(text) { return date }
        // `YYYY-MM-DD` and a time: RFC 3339 checks the whole text, whose first ten
        // characters are then the date.
        guard text.utf8.count > 10, RFC3339.parse(text) != nil else { return nil }
        return CalendarDate(String(text.prefix(10)))
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

    /// `YYYY-MM-DD`, or the date a date-time is written with, its time zone ignored.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, parse: CalendarDate.dateOrDateTime)
    }

    /// The date `YYYY-MM-DD` only (``init(_:)``): how a union's `date` alternative is read.
    @usableFromInline
    init(exactly decoder: any Decoder) throws {
        try self.init(from: decoder) { CalendarDate($0) }
    }

    private init(from decoder: any Decoder, parse: (String) -> CalendarDate?) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = parse(text) else {
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
