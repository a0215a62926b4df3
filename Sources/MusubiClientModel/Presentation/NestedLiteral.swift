/// An array or dictionary literal whose elements may be literals too, laid out as swift-format
/// does: on one line when it fits, else one element per line (with a trailing comma when there
/// are several), each element again on one line if it fits.
indirect enum NestedLiteral {
    /// Text that is never broken (`"read:pets"`, `.apiKey: []`).
    case text(String)
    /// `prefix` + `[` + items + `]`; an empty collection is written `empty` (`[]` or `[:]`).
    case collection(prefix: String, items: [NestedLiteral], empty: String)

    /// The literal on one line.
    var singleLine: String {
        switch self {
        case .text(let text):
            return text
        case .collection(let prefix, let items, let empty):
            return prefix + (items.isEmpty ? empty : "[" + items.map(\.singleLine).joined(separator: ", ") + "]")
        }
    }

    /// The lines at `indent` columns, `suffix` (a comma) after the last; lines after the first
    /// are relative to the first's indentation.
    func lines(indent: Int, suffix: String = "") -> [String] {
        let single = singleLine + suffix
        guard !LineLayout.fits(single, indent: indent), case .collection(let prefix, let items, _) = self,
            !items.isEmpty
        else { return [single] }
        // As swift-format, a trailing comma only in a collection of several elements.
        let separator = items.count > 1 ? "," : ""
        return [prefix + "["]
            + items.flatMap { $0.lines(indent: indent + 4, suffix: separator).map { "    " + $0 } }
            + ["]" + suffix]
    }
}
