import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A big YAML file read in parts, one per core.
///
/// libyaml reads a file on one core, so a big spec kept that core busy while the others
/// waited for the tree. In block style, indentation alone says
/// where an entry of a mapping starts: a line indented exactly as the keys of the mapping it
/// is in, starting with a key, is the next key of that mapping (anything inside an entry is
/// indented further, apart from the content of flow collections and quoted scalars, which
/// would then be left unclosed and make the part fail). So the text is cut at such lines, each
/// part is read below the lines of the keys it sits in (`paths:`, `  /pets:`), and the parts'
/// mappings are joined along those keys, line numbers shifted to the whole file's.
///
/// Whenever a cut might not give exactly what reading the whole would (another document, a
/// directive, a merge key at the top, tabs, line breaks other than `\n`, a part that fails or
/// does not continue the mapping it should, a key repeated across a cut, aliases to an anchor
/// in another part, a key repeated within a part), the result is nil and the whole text is
/// read at once, so diagnostics are exactly the usual ones.
extension YAMLParser {
    /// Below this size a file is read in one piece: cutting it would gain little.
    static let minimumSizeForParts = 256 * 1024

    /// A place to cut: the offset of the line a part starts with, the number of lines before
    /// it, and the key lines it sits under, which are put in front of the part.
    struct Cut {
        var offset: Int
        var line: Int
        var ancestors: [(line: Range<Int>, key: String)]
    }

    /// The tree of `text` read in parts, and `budget` charged with it; nil when the text is
    /// to be read whole.
    ///
    /// Each part may use an equal share of what is left of the budget, so the parts read side
    /// by side never hold more than a whole read could. A part past its share, or parts that
    /// are past the budget together, make the text be read whole, which stops at the node that
    /// passes the limit, with the usual error.
    static func parseInParts(
        _ text: UnsafeBufferPointer<UInt8>, fileName: String, budget: Reader.Budget = Reader.Budget(),
        partCount: Int = defaultPartCount, minimumSize: Int = minimumSizeForParts
    ) -> (root: Node, budget: Reader.Budget)? {
        guard partCount > 1, text.count >= minimumSize, let cuts = cuts(in: text, partCount: partCount),
            !cuts.isEmpty
        else { return nil }
        // Part 0 is read in place; the others are copied behind their key lines.
        var copies: [(bytes: [UInt8], lineOffset: Int)] = []
        for (index, cut) in cuts.enumerated() {
            let end = index + 1 < cuts.count ? cuts[index + 1].offset : text.count
            var bytes: [UInt8] = []
            bytes.reserveCapacity(cut.ancestors.reduce(0) { $0 + $1.line.count } + end - cut.offset)
            for ancestor in cut.ancestors { bytes += UnsafeBufferPointer(rebasing: text[ancestor.line]) }
            bytes += UnsafeBufferPointer(rebasing: text[cut.offset..<end])
            copies.append((bytes, cut.line - cut.ancestors.count))
        }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<ParsedDocument?>
            .allocate(capacity: cuts.count + 1)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // The text outlives the loop: the caller lends it for the whole call.
        nonisolated(unsafe) let text = text
        let parts = copies
        let share = budget.share(of: cuts.count + 1)
        DispatchQueue.concurrentPerform(iterations: cuts.count + 1) { index in
            if index == 0 {
                let first = UnsafeBufferPointer(rebasing: text[0..<cuts[0].offset])
                results[0] = try? parseDocument(first, fileName: fileName, budget: share)
            } else {
                results[index] = parts[index - 1].bytes.withUnsafeBufferPointer {
                    try? parseDocument(
                        $0, fileName: fileName, lineOffset: parts[index - 1].lineOffset, budget: share)
                }
            }
        }
        // A repeated key is reported against the whole file's lines, which only a whole read
        // gives for the key lines put in front of a part.
        guard var root = results[0]?.root, root.location.column == 1, results[0]?.duplicateKeys.isEmpty == true
        else { return nil }
        var nodesAddedByAliases = results[0]?.nodesAddedByAliases ?? 0
        var spent = budget
        _ = results[0].map { spent.spend(nodes: $0.budget.nodes, textSize: $0.budget.textSize) }
        for (index, cut) in cuts.enumerated() {
            guard let part = results[index + 1], part.duplicateKeys.isEmpty,
                let joined = joined(root, part.root, along: cut.ancestors.map(\.key)[...])
            else { return nil }
            root = joined
            nodesAddedByAliases += part.nodesAddedByAliases
            // The key lines put in front of the part were read twice: the part's root mapping
            // and each key's mapping are nodes of the part before it, and so are their keys.
            _ = spent.spend(
                nodes: part.budget.nodes - 1 - cut.ancestors.count,
                textSize: part.budget.textSize - cut.ancestors.reduce(0) { $0 + $1.key.utf8.count })
        }
        guard nodesAddedByAliases <= Reader.maximumAliasExpansion, !spent.isExceeded else { return nil }
        return (root, spent)
    }

    /// The mapping `head` continued by `tail`, a part read below the key lines `keys`: down
    /// `keys`, the last entry of `head` and the first of `tail` are the same mapping, cut in two.
    /// Nil when `tail` does not continue `head` that way, or repeats a key of it.
    static func joined(_ head: Node, _ tail: Node, along keys: ArraySlice<String>) -> Node? {
        guard let headMapping = head.mapping, let tailMapping = tail.mapping,
            head.location.column == tail.location.column
        else { return nil }
        var entries = headMapping.entries
        var rest = tailMapping.entries[...]
        if let key = keys.first {
            guard let last = entries.last, last.key == key, headMapping.entry(key)?.keyLocation == last.keyLocation,
                let first = rest.first, first.key == key,
                let inner = joined(last.value, first.value, along: keys.dropFirst())
            else { return nil }
            entries[entries.count - 1].value = inner
            rest = rest.dropFirst()
        }
        // The whole text read at once would keep only the first of a repeated key.
        for entry in rest where headMapping.entry(entry.key) != nil { return nil }
        return Node(.mapping(Mapping(entries + rest)), at: head.location)
    }

    /// One part per core, up to eight.
    static var defaultPartCount: Int {
        min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 8)
    }

    /// Places to cut the text into `partCount` parts of about equal size; nil when the text has
    /// anything that rules cutting out.
    static func cuts(in text: UnsafeBufferPointer<UInt8>, partCount: Int) -> [Cut]? {
        guard let base = text.baseAddress, !hasLineBreaksOtherThanNewline(text) else { return nil }
        /// A key line whose value starts on the next line: `paths:`.
        struct OpenKey {
            var indent: Int
            var line: Range<Int>
            var key: String
            /// The indentation of the first line below, and whether that line is a key.
            var childIndent: Int?
            var holdsMapping = false
        }
        var open: [OpenKey] = []
        var cuts: [Cut] = []
        var nextTarget = text.count / partCount
        var line = 0
        var lineStart = 0
        while lineStart < text.count {
            let lineEnd =
                memchr(base + lineStart, Int32(UInt8(ascii: "\n")), text.count - lineStart).map {
                    base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1
                } ?? text.count
            defer {
                lineStart = lineEnd
                line += 1
            }
            var start = lineStart
            while start < lineEnd, text[start] == UInt8(ascii: " ") { start += 1 }
            let indent = start - lineStart
            guard start < lineEnd, text[start] != UInt8(ascii: "\n"), text[start] != UInt8(ascii: "#") else {
                continue  // blank or a comment
            }
            if text[start] == UInt8(ascii: "\t") { return nil }
            if indent == 0 {
                // A directive, a merge key at the top, or a second document.
                if text[start] == UInt8(ascii: "%") || startsWith(text, at: start, "<<")
                    || line > 0 && (startsWith(text, at: start, "---") || startsWith(text, at: start, "..."))
                {
                    return nil
                }
            }
            while let top = open.last, top.indent >= indent { open.removeLast() }
            let isKeyLine = isKeyLine(text, from: start, to: lineEnd)
            // The first entry of a mapping is no place to cut: the part before would end with
            // its key and no value.
            var isFirstEntry = false
            if open.last?.childIndent == nil, !open.isEmpty {
                open[open.count - 1].childIndent = indent
                open[open.count - 1].holdsMapping = isKeyLine
                isFirstEntry = true
            }
            let isEntryOfOpenMapping = open.last.map { $0.holdsMapping && $0.childIndent == indent } ?? (indent == 0)
            guard isEntryOfOpenMapping, isKeyLine else { continue }
            if lineStart >= nextTarget, cuts.count < partCount - 1, !isFirstEntry, line > 0 {
                cuts.append(Cut(offset: lineStart, line: line, ancestors: open.map { ($0.line, $0.key) }))
                nextTarget = lineStart + (text.count - lineStart) / (partCount - cuts.count)
            }
            if let key = bareKey(text, from: start, to: lineEnd) {
                open.append(OpenKey(indent: indent, line: lineStart..<lineEnd, key: key))
            }
        }
        return cuts
    }

    /// Whether the line (from its first non-space byte) starts like a key and has a `:` that
    /// ends a key (followed by a space or the line's end).
    private static func isKeyLine(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard startsKey(text[start]) else { return false }
        var index = start
        while index < end {
            if text[index] == UInt8(ascii: ":"),
                index + 1 == end || text[index + 1] == UInt8(ascii: " ") || text[index + 1] == UInt8(ascii: "\n")
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// The key of a line that is only a key and a colon (`paths:`, `  '/pets':`), whose value
    /// follows on the lines below; nil for any other line.
    private static func bareKey(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        var last = end
        while last > start, text[last - 1] == UInt8(ascii: "\n") || text[last - 1] == UInt8(ascii: " ") { last -= 1 }
        guard last - start >= 2, text[last - 1] == UInt8(ascii: ":") else { return nil }
        let key = UnsafeBufferPointer(rebasing: text[start..<(last - 1)])
        let quote = key[0]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            // A quoted key without escapes: its content is the key.
            guard key.count >= 2, key[key.count - 1] == quote,
                !key.dropFirst().dropLast().contains(where: { $0 == quote || $0 == UInt8(ascii: "\\") })
            else { return nil }
            return String(decoding: key.dropFirst().dropLast(), as: UTF8.self)
        }
        // A plain key: no `: ` or ` #` inside, no trailing space.
        for index in key.indices.dropLast() {
            let pair = (key[index], key[index + 1])
            if pair == (UInt8(ascii: ":"), UInt8(ascii: " ")) || pair == (UInt8(ascii: " "), UInt8(ascii: "#")) {
                return nil
            }
        }
        guard key[key.count - 1] != UInt8(ascii: " ") else { return nil }
        return String(decoding: key, as: UTF8.self)
    }

    /// A byte a key can start with: a letter, a digit, `_`, `/`, `$`, `.` or a quote. Not a
    /// sequence entry, an explicit key (`?`), an anchor, an alias, a tag, a flow collection or
    /// a block scalar.
    private static func startsKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "$"),
            UInt8(ascii: "."), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// Whether the text has a line break that is not `\n`: `\r`, or in YAML 1.1 U+0085
    /// (`C2 85`), U+2028 or U+2029 (`E2 80 A8`, `E2 80 A9`). Lines could not be counted by `\n`.
    private static func hasLineBreaksOtherThanNewline(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        if memchr(base, Int32(UInt8(ascii: "\r")), text.count) != nil { return true }
        for lead in [UInt8(0xC2), 0xE2] {
            var offset = 0
            while offset < text.count, let found = memchr(base + offset, Int32(lead), text.count - offset) {
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let next = position + 1 < text.count ? text[position + 1] : 0
                let third = position + 2 < text.count ? text[position + 2] : 0
                if lead == 0xC2 ? next == 0x85 : next == 0x80 && (third == 0xA8 || third == 0xA9) { return true }
                offset = position + 1
            }
        }
        return false
    }

    private static func startsWith(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= text.count else { return false }
        for index in 0..<count where text[offset + index] != prefix.utf8Start[index] { return false }
        return true
    }
}
