import Foundation

/// Cuts a byte stream into lines (or records) as chunks arrive, whatever the chunk borders.
///
/// Server-sent events end lines with CRLF, LF or a lone CR; a CR at the end of one chunk may
/// be followed by the LF of a CRLF at the start of the next, so it is remembered rather than
/// guessed. JSON Lines end lines with LF (a CR before it is dropped); JSON text sequences
/// (RFC 7464) start each record with RS.
struct LineSplitter {
    enum Separator {
        /// LF, CRLF, or CR alone.
        case anyLineBreak
        /// LF, with a CR before it dropped.
        case lineFeed
        /// RS (0x1E), which starts a record.
        case recordSeparator
    }

    private let separator: Separator
    private var current: [UInt8] = []
    private var afterCarriageReturn = false

    init(_ separator: Separator) {
        self.separator = separator
    }

    /// The lines that `chunk` completes, without their line breaks.
    mutating func append(_ chunk: Data) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in chunk {
            switch (separator, byte) {
            case (.anyLineBreak, 0x0A):
                if !afterCarriageReturn { lines.append(takeCurrent()) }
                afterCarriageReturn = false
            case (.anyLineBreak, 0x0D):
                lines.append(takeCurrent())
                afterCarriageReturn = true
            case (.lineFeed, 0x0A):
                if current.last == 0x0D { current.removeLast() }
                lines.append(takeCurrent())
            case (.recordSeparator, 0x1E):
                lines.append(takeCurrent())
            default:
                afterCarriageReturn = false
                current.append(byte)
            }
        }
        return lines
    }

    /// What is left after the last line break when the stream ends.
    mutating func finish() -> [UInt8]? {
        if separator == .lineFeed, current.last == 0x0D { current.removeLast() }
        return current.isEmpty ? nil : takeCurrent()
    }

    private mutating func takeCurrent() -> [UInt8] {
        defer { current = [] }
        return current
    }
}
