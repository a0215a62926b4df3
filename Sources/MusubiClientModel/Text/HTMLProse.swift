/// Spec prose written in HTML (AWS's and Azure's descriptions, `<p>…</p> <ul><li>…`), read as
/// the Markdown a doc comment renders: paragraphs and line breaks where the tags put them,
/// list items as `- ` (`1. ` in an ordered list), emphasis and code as Markdown spans, links as `[text](url)`, and the
/// common entities as their characters. Only those tags are read, and only in text that has
/// one of the block tags; any other `<…>` stays as written, as prose uses angle brackets for
/// placeholders (`<token>`) and generics; nor is anything in a code span or in a Markdown
/// table's row, whose cells hold `<br>`s of their own.
///
/// One pass over the text, so a hostile description costs time linear in its length.
enum HTMLProse {
    /// `text` as Markdown when it is written in HTML; otherwise `text`. Code spans (`` `<p>` ``,
    /// an example of HTML) and line breaks stay as written: much of such prose is Markdown
    /// with a few tags (Stripe's `<br><br>` between Markdown paragraphs).
    static func markdown(_ text: String) -> String {
        guard looksLikeHTML(text) else { return text }
        var result = ""
        var linkTarget: [String] = []
        var listDepth = 0
        var lists: [Int?] = []
        var inCode = false
        // The text of a `<code>` (or `<tt>`, `<pre>`) not closed yet: written as one code span
        // when it closes, its fence longer than any run of backticks in it (SQS's
        // `<code>!"#…_`{|}~</code>`).
        var htmlCode: String?
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var inTableRow = false
        while index < scalars.count {
            let scalar = scalars[index]
            if var code = htmlCode {
                if scalar == "<", let (tag, end) = tag(in: scalars, at: index), tag.closes,
                    Self.codeTags.contains(tag.name)
                {
                    result += Self.codeSpan(code)
                    htmlCode = nil
                    index = end
                } else if scalar == "&", let (character, end) = entity(in: scalars, at: index) {
                    code += character
                    htmlCode = code
                    index = end
                } else {
                    code.unicodeScalars.append(scalar)
                    htmlCode = code
                    index += 1
                }
                continue
            }
            if scalar == "`" { inCode.toggle() }
            // A Markdown table's row is one line: a `<br>` in a cell must not end it.
            if scalar == "\n" {
                inTableRow = false
            } else if !inTableRow, scalar == "|", result.isEmpty || result.hasSuffix("\n") {
                inTableRow = true
            }
            if inTableRow {
                result.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            if !inCode, scalar == "<", let (tag, end) = tag(in: scalars, at: index), !tag.closes,
                Self.codeTags.contains(tag.name)
            {
                htmlCode = ""
                index = end
                continue
            }
            if !inCode, scalar == "<", let (tag, end) = tag(in: scalars, at: index),
                let replacement = replacement(for: tag, links: &linkTarget, listDepth: &listDepth, lists: &lists)
            {
                if replacement == " " {
                    if !(result.isEmpty || result.hasSuffix(" ") || result.hasSuffix("\n")) { result += " " }
                } else {
                    result += replacement
                }
                index = end
                continue
            }
            if !inCode, scalar == "&", let (character, end) = entity(in: scalars, at: index) {
                result += character
                index = end
                continue
            }
            // Spaces the HTML put after a break or a list marker would indent the line.
            let isSpace = scalar == " " || scalar == "\t"
            if inCode || !(isSpace && (result.isEmpty || result.hasSuffix("\n") || result.hasSuffix(" "))) {
                result.unicodeScalars.append(scalar)
            }
            index += 1
        }
        // A `<code>` never closed: its text as it was, after a backtick.
        if let htmlCode { result += "`" + htmlCode }
        return result
    }

    /// The tags whose text is code.
    private static let codeTags: Set<String> = ["code", "tt", "pre"]

    /// `text` as a Markdown code span (``MarkdownText/codeSpan(_:)``: a fence longer than any
    /// run of backticks inside, on one line); nothing for no text.
    private static func codeSpan(_ text: String) -> String {
        text.isEmpty ? "" : MarkdownText.codeSpan(text)
    }

    /// A tag at `start`: its lower-case name with a leading `/` when it closes, its `href`
    /// when it has one, and the offset after its `>`; nil when the `<` opens no tag of a
    /// known name within a short distance.
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (Tag, Int)? {
        var index = start + 1
        var closes = false
        if index < scalars.count, scalars[index] == "/" {
            closes = true
            index += 1
        }
        var name = ""
        while index < scalars.count, name.count < 12,
            ("a"..."z").contains(scalars[index]) || ("A"..."Z").contains(scalars[index])
                || ("0"..."9").contains(scalars[index])
        {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        name = name.lowercased()
        guard Self.known.contains(name) else { return nil }
        // The rest of the tag, up to a bounded length and never past another `<`, so that no
        // character is looked at by more than one tag that does not close: attributes of
        // `<a href="…">`.
        let limit = min(scalars.count, index + 2_048)
        var attributes = ""
        while index < limit, scalars[index] != ">", scalars[index] != "<" {
            attributes.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < limit, scalars[index] == ">" else { return nil }
        return (Tag(name: name, closes: closes, href: href(in: attributes)), index + 1)
    }

    private struct Tag {
        var name: String
        var closes: Bool
        var href: String?
    }

    /// The Markdown for a tag; `links` keeps the targets of the `<a>`s open, `listDepth` how
    /// many list items are (inside one, a paragraph is the item's text, not a paragraph).
    private static func replacement(
        for tag: Tag, links: inout [String], listDepth: inout Int, lists: inout [Int?]
    ) -> String? {
        switch (tag.name, tag.closes) {
        case ("p", _), ("div", _): return listDepth > 0 ? " " : "\n\n"
        case ("ol", false), ("ul", false):
            lists.append(tag.name == "ol" ? 0 : nil)
            return "\n\n"
        case ("ol", true), ("ul", true):
            _ = lists.popLast()
            return "\n\n"
        case ("dl", _), ("table", _): return "\n\n"
        case ("br", _), ("tr", true), ("dd", true), ("dt", true): return "\n"
        case ("li", false):
            listDepth += 1
            // An ordered list's items are numbered: prose after it refers to them by number.
            if let last = lists.indices.last, let count = lists[last] {
                lists[last] = count + 1
                return "\n\(count + 1). "
            }
            return "\n- "
        case ("li", true):
            listDepth = max(listDepth - 1, 0)
            return ""
        case ("td", _), ("th", _), ("tr", false), ("dd", false), ("dt", false), ("span", _),
            ("tbody", _), ("thead", _), ("u", _), ("sup", _), ("sub", _), ("small", _), ("note", _):
            return tag.name == "td" || tag.name == "th" ? " " : ""
        case ("b", _), ("strong", _): return "**"
        case ("i", _), ("em", _): return "*"
        case ("code", _), ("tt", _), ("pre", _): return ""
        case ("h1", _), ("h2", _), ("h3", _), ("h4", _), ("h5", _), ("h6", _):
            return tag.closes ? "**\n\n" : "\n\n**"
        case ("a", false):
            links.append(tag.href ?? "")
            return tag.href == nil ? "" : "["
        case ("a", true):
            let target = links.popLast() ?? ""
            return target.isEmpty ? "" : "](\(target))"
        default: return nil
        }
    }

    /// The names read as tags.
    private static let known: Set<String> = [
        "p", "div", "ul", "ol", "li", "dl", "dt", "dd", "br", "b", "strong", "i", "em", "code", "tt", "pre",
        "a", "table", "tr", "td", "th", "tbody", "thead", "span", "u", "sup", "sub", "small", "note",
        "h1", "h2", "h3", "h4", "h5", "h6",
    ]

    /// The value of an `href` attribute, when it is a web address without spaces or
    /// parentheses (which would end the Markdown link early).
    private static func href(in attributes: String) -> String? {
        guard let start = attributes.range(of: "href=") else { return nil }
        var rest = attributes[start.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let end = rest.firstIndex(of: quote) else { return nil }
        let target = String(rest[..<end])
        guard target.hasPrefix("https://") || target.hasPrefix("http://"),
            !target.contains(where: { $0 == " " || $0 == "(" || $0 == ")" })
        else { return nil }
        return target
    }

    /// A character entity at `start` and the offset after its `;`.
    private static func entity(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var name = ""
        var index = start + 1
        while index < scalars.count, name.count < 8, scalars[index] != ";" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", let character = entities[name] else { return nil }
        return (character, index + 1)
    }

    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "#39": "'", "nbsp": " ", "#34": "\"",
    ]

    /// Whether the text has a paragraph, list item or line break tag, closed or self-closing:
    /// prose that merely mentions `<p>` has no closing tag.
    private static func looksLikeHTML(_ text: String) -> Bool {
        text.contains("</p>") || text.contains("</li>") || text.contains("<br>") || text.contains("<br/>")
            || text.contains("<br />") || text.contains("<p/>") || text.contains("</a>") || text.contains("</code>")
    }
}
