import Foundation

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date.
///
/// The date may come in any of the three forms RFC 9110 §5.6.7 makes recipients accept: the
/// IMF-fixdate every server should send (`Sun, 06 Nov 1994 08:49:37 GMT`), and the obsolete
/// RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms.
/// Parsed by hand, in GMT and the English names HTTP prescribes, so the device's locale and time
/// zone cannot change the result.
public enum RetryAfter {
    /// The wait a `Retry-After` value asks for, measured from `now` for a date (a date in the
    /// past asks for none); `nil` when the value is neither form.
    public static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            // Delta-seconds: any run of digits; one too long for `Int` asks for a very long wait.
            return .seconds(Int(text) ?? Int.max)
        }
        guard let date = httpDate(text, now: now) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? .milliseconds(Int64((seconds * 1000).rounded(.up))) : .zero
    }

    /// The date of an HTTP-date in any of its three forms. `now` places a two-digit RFC 850 year
    /// in its century: RFC 9110 reads a year more than 50 years ahead as the past one.
    public static func httpDate(_ text: String, now: Date) -> Date? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var parts: (day: Int, month: Int, year: Int, time: String)?
        if words.count == 6, words[5] == "GMT", words[0].hasSuffix(","), shortDays.contains(String(words[0].dropLast()))
        {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            guard words[1].count == 2, words[3].count == 4, let day = Int(words[1]),
                let month = month(words[2]), let year = Int(words[3])
            else { return nil }
            parts = (day, month, year, words[4])
        } else if words.count == 4, words[3] == "GMT", words[0].hasSuffix(","),
            longDays.contains(String(words[0].dropLast()))
        {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let date = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard date.count == 3, date[0].count == 2, date[2].count == 2, let day = Int(date[0]),
                let month = month(date[1]), let shortYear = Int(date[2])
            else { return nil }
            parts = (day, month, fullYear(shortYear, now: now), words[2])
        } else if words.count == 5, shortDays.contains(words[0]) {
            // asctime: Sun Nov  6 08:49:37 1994 (the day padded with a space, collapsed above)
            guard let month = month(words[1]), (1...2).contains(words[2].count), let day = Int(words[2]),
                words[4].count == 4, let year = Int(words[4])
            else { return nil }
            parts = (day, month, year, words[3])
        }
        guard let parts, CivilCalendar.isValid(year: parts.year, month: parts.month, day: parts.day) else {
            return nil
        }
        let time = parts.time.split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, time.allSatisfy({ $0.count == 2 }), let hour = Int(time[0]), let minute = Int(time[1]),
            let second = Int(time[2]), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: parts.year, month: parts.month, day: parts.day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let shortDays: Set<String> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays: Set<String> = [
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `1` for `Jan`…, names compared exactly as HTTP's grammar spells them.
    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name).map { $0 + 1 }
    }

    /// The year of a two-digit RFC 850 year: in the century of `now`, or the one before when
    /// that would be more than 50 years ahead.
    private static func fullYear(_ shortYear: Int, now: Date) -> Int {
        let days = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        let currentYear = CivilCalendar.date(daysSinceEpoch: days).year
        let year = currentYear - currentYear % 100 + shortYear
        return year > currentYear + 50 ? year - 100 : year
    }
}
