import Foundation

/// The date-time wire format: a hand-written parser and formatter for RFC 3339.
///
/// Hand-written because `ISO8601DateFormatter` accepts only the exact options it was set up
/// with (fractional seconds or not, a zone or not) while real servers send every variant,
/// because formatters are expensive to create and not safe to share between threads on every
/// platform, and because a `Double` round trip through a formatter loses microseconds.
enum RFC3339 {
    /// Parses what servers really send as a date-time:
    ///
    /// - `2024-01-02T03:04:05Z`, `T`/`t` or a space between date and time;
    /// - a fraction of any length, `…05.390282`, kept to the nanosecond the digits give
    ///   (a `Date` then holds it to well below a microsecond for present-day dates);
    /// - a zone as `Z`, `+09:00`, `+0900` or `+09`;
    /// - no zone at all, read as UTC. A zoneless time is ambiguous; UTC is what such servers
    ///   almost always mean (they format UTC and drop the suffix) and, unlike the device's time
    ///   zone, it makes the result the same on every device;
    /// - a bare date `2015-05-12`, read as midnight UTC, for `date` values in `date-time` fields.
    ///
    /// Returns `nil` for anything else, including impossible dates such as `2023-02-29`.
    static func parse(_ string: String) -> Date? {
        var reader = ByteReader(string)
        guard let year = reader.number(digits: 4), reader.skip(UInt8(ascii: "-")),
            let month = reader.number(digits: 2), reader.skip(UInt8(ascii: "-")),
            let day = reader.number(digits: 2),
            CivilCalendar.isValid(year: year, month: month, day: day)
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        if reader.isAtEnd {
            return date(unixSeconds: Int64(days) * 86_400, nanoseconds: 0)
        }

        guard reader.skip(anyOf: [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]) != nil,
            let hour = reader.number(digits: 2), reader.skip(UInt8(ascii: ":")),
            let minute = reader.number(digits: 2), reader.skip(UInt8(ascii: ":")),
            let second = reader.number(digits: 2),
            hour < 24, minute < 60, second <= 60  // 60: a leap second, which rolls over like POSIX time
        else { return nil }
        var nanoseconds = 0
        if reader.skip(UInt8(ascii: ".")) {
            guard let fraction = reader.fractionInNanoseconds() else { return nil }
            nanoseconds = fraction
        }

        var offsetSeconds = 0
        if let sign = reader.skip(anyOf: [UInt8(ascii: "+"), UInt8(ascii: "-")]) {
            guard let offsetHours = reader.number(digits: 2), offsetHours < 24 else { return nil }
            var offsetMinutes = 0
            if !reader.isAtEnd {
                _ = reader.skip(UInt8(ascii: ":"))
                guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
                offsetMinutes = minutes
            }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        } else {
            _ = reader.skip(anyOf: [UInt8(ascii: "Z"), UInt8(ascii: "z")])
        }
        guard reader.isAtEnd else { return nil }

        let secondOfDay = hour * 3600 + minute * 60 + second
        return date(unixSeconds: Int64(days) * 86_400 + Int64(secondOfDay - offsetSeconds), nanoseconds: nanoseconds)
    }

    /// Formats `date` as `2024-01-02T03:04:05Z` in UTC, with the fraction of a second the value
    /// holds, to the microsecond: none for whole seconds, `.SSS` when it is whole milliseconds
    /// (`.500`, as before microseconds were kept), else up to six digits without trailing zeros
    /// (`.098086`, `.90711`). So a date decoded from what a server sent (Postgres, Django and
    /// FastAPI send microseconds) goes back as the same instant, a cursor or a filter naming
    /// exactly the item it came from; and every RFC 3339 parser accepts any number of digits.
    ///
    /// The fraction is rounded to the nearest microsecond, not truncated: a `Date` holds its
    /// seconds as a `Double`, so `.098086` is stored a little above or below it. Rounding up
    /// to a whole second carries into the seconds before the calendar fields are computed
    /// (`…:59.9999996` is the next minute). Microseconds are kept only while the `Double`
    /// resolves them, within 2³³ seconds (about 272 years) of 2001; further away its error
    /// exceeds half a microsecond and the fraction is rounded to milliseconds instead.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        var wholeSeconds = interval.rounded(.down)
        let fraction = interval - wholeSeconds  // exact: both are the same Double's parts
        var microseconds =
            abs(interval) < microsecondRange
            ? Int((fraction * 1_000_000).rounded()) : Int((fraction * 1000).rounded()) * 1000
        if microseconds == 1_000_000 {
            wholeSeconds += 1
            microseconds = 0
        }
        let unixSeconds = Int64(wholeSeconds) + CivilCalendar.unixToReferenceDate
        let days = Int(unixSeconds.floorDivided(by: 86_400))
        let secondOfDay = Int(unixSeconds - Int64(days) * 86_400)
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)

        var text =
            CivilCalendar.padded(year, width: 4) + "-" + CivilCalendar.padded(month, width: 2)
            + "-" + CivilCalendar.padded(day, width: 2)
            + "T" + CivilCalendar.padded(secondOfDay / 3600, width: 2)
            + ":" + CivilCalendar.padded(secondOfDay / 60 % 60, width: 2)
            + ":" + CivilCalendar.padded(secondOfDay % 60, width: 2)
        if microseconds != 0 {
            if microseconds % 1000 == 0 {
                text += "." + CivilCalendar.padded(microseconds / 1000, width: 3)
            } else {
                var digits = microseconds
                var width = 6
                while digits % 10 == 0 {
                    digits /= 10
                    width -= 1
                }
                text += "." + CivilCalendar.padded(digits, width: width)
            }
        }
        return text + "Z"
    }

    /// How far from 2001, in seconds, a `Date`'s `Double` still tells microseconds apart: below
    /// 2³³ its spacing is at most 2⁻²⁰ s, so a value is stored within half a microsecond.
    private static let microsecondRange: Double = 8_589_934_592

    /// Builds the `Date` from whole seconds and the fraction separately, so the fraction is
    /// added to an already exact number of seconds and keeps all the precision `Double` has.
    private static func date(unixSeconds: Int64, nanoseconds: Int) -> Date {
        let referenceSeconds = unixSeconds - CivilCalendar.unixToReferenceDate
        return Date(timeIntervalSinceReferenceDate: Double(referenceSeconds) + Double(nanoseconds) / 1e9)
    }
}

extension Int64 {
    /// Division rounding toward negative infinity, so dates before 1970 land on the right day.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
