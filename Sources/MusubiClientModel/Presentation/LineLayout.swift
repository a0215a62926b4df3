/// Line layout decisions for generated code, made once here so templates stay logic-less
/// and output matches what `swift format` would produce: a list that fits on one line is
/// written on one line, otherwise one element per line.
enum LineLayout {
    /// swift-format's default column limit, so output is clean under common configurations.
    static let lineLength = 100

    /// Whether `line` fits in the column limit after `indent` spaces. Counting characters
    /// walks grapheme clusters; a line whose UTF-8 bytes fit (most lines) fits without it.
    static func fits(_ line: String, indent: Int) -> Bool {
        indent + line.utf8.count <= lineLength || indent + line.count <= lineLength
    }

    /// `open` + items + `close` as one line if it fits at `indent` columns, else `open`,
    /// each item on its own line (indented 4 more, with a trailing comma when `trailingComma`),
    /// and `close`. Lines after the first are relative to the first's indentation.
    static func list(
        open: String, items: [String], close: String, indent: Int, trailingComma: Bool
    ) -> [String] {
        let single = open + items.joined(separator: ", ") + close
        if items.count <= 1 || fits(single, indent: indent) {
            if fits(single, indent: indent) || items.isEmpty {
                return [single]
            }
        }
        var lines = [open]
        for (index, item) in items.enumerated() {
            let isLast = index == items.count - 1
            lines.append("    " + item + (isLast && !trailingComma ? "" : ","))
        }
        lines.append(close)
        return lines
    }

    /// `label: statement` when it fits at `indent`, else the statement on the next line.
    static func switchCase(label: String, statement: String, indent: Int) -> [String] {
        let single = "\(label): \(statement)"
        return fits(single, indent: indent) ? [single] : ["\(label):", "    \(statement)"]
    }

    /// A statement on its own line at `indent`; when it does not fit and is a call with one
    /// argument (`self = try .name(Type(from: decoder))`), broken after its first `(` as
    /// swift-format breaks it, the argument on the next line, 4 more in.
    private static func statementLines(_ statement: String, indent: Int) -> [String] {
        guard !fits(statement, indent: indent), let open = statement.firstIndex(of: "(") else {
            return ["    " + statement]
        }
        return ["    " + statement[...open], "        " + statement[statement.index(after: open)...]]
    }

    /// `case p1, p2: statement`, a discriminator's case: on one line when it fits, else the
    /// statement on a line of its own (broken after its call's `(` if it is still too long),
    /// and patterns that do not fit on the `case` line laid out as swift-format does: as many
    /// a line as fit, the lines after the first indented 4 more.
    static func switchCase(patterns: [String], statement: String, indent: Int) -> [String] {
        let label = "case " + patterns.joined(separator: ", ")
        if fits(label + ":", indent: indent) {
            let single = "\(label): \(statement)"
            if fits(single, indent: indent) { return [single] }
            return ["\(label):"] + statementLines(statement, indent: indent + 4)
        }
        var lines: [String] = []
        var line = "case "
        var isLineEmpty = true
        for (index, pattern) in patterns.enumerated() {
            let piece = pattern + (index == patterns.count - 1 ? ":" : ",")
            if !isLineEmpty, !fits(line + " " + piece, indent: indent) {
                lines.append(line)
                (line, isLineEmpty) = ("    ", true)
            }
            line += (isLineEmpty ? "" : " ") + piece
            isLineEmpty = false
        }
        lines.append(line)
        return lines + statementLines(statement, indent: indent + 4)
    }

    /// A one-expression computed property (`var name: Type { expression }`) on one line when it
    /// fits at `indent`, else with the expression on a line of its own.
    static func computedProperty(_ declaration: String, expression: String, indent: Int) -> [String] {
        let single = "\(declaration) { \(expression) }"
        return fits(single, indent: indent) ? [single] : [declaration + " {", "    " + expression, "}"]
    }

    /// The opening of an `if`/`else if` branch whose condition is one call
    /// (`if let value = alternatives.decode(Pet.self) {`), as swift-format lays it out: on one
    /// line when it fits, else the argument on a line of its own and the brace on the next.
    static func conditionBranch(keyword: String, binding: String, call: String, indent: Int) -> [String] {
        let single = "\(keyword) \(binding)\(call) {"
        guard !fits(single, indent: indent), let open = call.firstIndex(of: "(") else { return [single] }
        let head = call[...open]
        let argument = call[call.index(after: open)...]
        return ["\(keyword) \(binding)\(head)", "    \(argument)", "{"]
    }

    /// A call `function(arguments)` on one line when it fits at `indent`, else as swift-format
    /// lays it out: the arguments on the next line, or one per line when they do not fit
    /// together, the closing parenthesis after the last. `close` is what follows the last
    /// argument: `))` for a call that is itself the last argument of another.
    static func call(_ function: String, arguments: [String], close: String = ")", indent: Int) -> [String] {
        let single = function + "(" + arguments.joined(separator: ", ") + close
        if fits(single, indent: indent) { return [single] }
        let packed = "    " + arguments.joined(separator: ", ") + close
        if fits(packed, indent: indent) { return [function + "(", packed] }
        return [function + "("]
            + arguments.enumerated().map { index, argument in
                "    " + argument + (index == arguments.count - 1 ? close : ",")
            }
    }
}
