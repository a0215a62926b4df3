/// Line layout decisions for generated code, made once here so templates stay logic-less
/// and output matches what `swift format` would produce: a list that fits on one line is
/// written on one line, otherwise one element per line.
///
/// Two widths: lists, calls and `switch` cases are broken past ``lineLength``, swift-format's
/// default; a single declaration or statement (a property's type, a type alias, a parameter
/// with its default) only past ``columnLimit``, the committed configuration's, where
/// swift-format breaks it as the functions here do. Long lines of that kind come from long
/// names (Stripe's run to 110 letters), and breaking them earlier would only make the common
/// case harder to read.
enum LineLayout {
    /// swift-format's default column limit, so output is clean under common configurations.
    static let lineLength = 100

    /// The column limit of the committed `.swift-format`, past which `swift format lint`
    /// reports a line it could break.
    static let columnLimit = 120

    /// Whether `line` fits in the column limit after `indent` spaces. Counting characters
    /// walks grapheme clusters; a line whose UTF-8 bytes fit (most lines) fits without it.
    static func fits(_ line: String, indent: Int) -> Bool {
        indent + line.utf8.count <= lineLength || indent + line.count <= lineLength
    }

    /// Whether `line` fits in ``columnLimit`` after `indent` spaces.
    static func fitsLimit(_ line: String, indent: Int) -> Bool {
        indent + line.utf8.count <= columnLimit || indent + line.count <= columnLimit
    }

    /// `head tail` on one line when it fits ``columnLimit``, else `tail` on the next line, 4
    /// more in: a declaration broken after its `:` (`public var name:` / `    Type`), an
    /// assignment or a type alias after its `=`.
    static func continued(_ head: String, _ tail: String, indent: Int) -> [String] {
        let single = head + " " + tail
        return fitsLimit(single, indent: indent) ? [single] : [head, "    " + tail]
    }

    /// A statement `target = value` (`self.name = name`), broken after its `=` when it does
    /// not fit ``columnLimit``.
    static func assignment(_ statement: String, indent: Int) -> [String] {
        guard !fitsLimit(statement, indent: indent), let equals = statement.range(of: " = ") else {
            return [statement]
        }
        return continued(
            String(statement[..<equals.lowerBound]) + " =", String(statement[equals.upperBound...]), indent: indent)
    }

    /// A stored property's declaration, `head Type` where `head` ends in `:`, the type on the
    /// next line when it does not fit ``columnLimit`` (generic or not, as swift-format does).
    static func stored(_ head: String, type: SwiftType, indent: Int) -> [String] {
        continued(head, type.swiftText, indent: indent)
    }

    /// A type alias, `head Type` where `head` ends in `=`, laid out as swift-format does past
    /// ``columnLimit``: a generic type keeps its name on the first line and breaks inside its
    /// angle brackets (`WithHeaders<` / `    Body, Headers` / `>`, an argument a line when they
    /// do not fit together); any other type goes to the next line.
    static func typeAlias(_ head: String, type: SwiftType, indent: Int) -> [String] {
        let single = head + " " + type.swiftText
        if fitsLimit(single, indent: indent) { return [single] }
        guard case .generic(let name, let arguments) = type, !arguments.isEmpty else {
            return [head, "    " + type.swiftText]
        }
        let texts = arguments.map(\.swiftText)
        let packed = "    " + texts.joined(separator: ", ")
        let inside =
            fitsLimit(packed, indent: indent)
            ? [packed]
            : texts.enumerated().map { "    " + $1 + ($0 == texts.count - 1 ? "" : ",") }
        return ["\(head) \(name)<"] + inside + [">"]
    }

    /// A computed property's first lines up to its `{`: `head Type {` on one line when it fits
    /// ``columnLimit``, else the brace on a line of its own, and the type too when the
    /// declaration still does not fit (`head` ends in `:`).
    static func computedHeader(_ head: String, type: String, indent: Int) -> [String] {
        let declaration = head + " " + type
        if fitsLimit(declaration + " {", indent: indent) { return [declaration + " {"] }
        if fitsLimit(declaration, indent: indent) { return [declaration, "{"] }
        return [head, "    " + type, "{"]
    }

    /// A type's declaration up to its `{` (`public struct Name: A, B {`): on one line when it
    /// fits ``columnLimit``; else as swift-format breaks it, the protocols after the first on
    /// the lines after it, as many a line as fit, and the brace alone; a name too long for even
    /// the first protocol on its line goes on a line of its own, the protocols 8 in.
    static func typeHeader(_ keyword: String, name: String, conformances: [String], indent: Int) -> [String] {
        let list = conformances.joined(separator: ", ")
        let single = conformances.isEmpty ? "\(keyword) \(name) {" : "\(keyword) \(name): \(list) {"
        if fitsLimit(single, indent: indent) || conformances.isEmpty { return [single] }
        let first = "\(keyword) \(name): \(conformances[0])"
        let rest = Array(conformances.dropFirst())
        if fitsLimit(first + (rest.isEmpty ? "" : ","), indent: indent) {
            return [first + (rest.isEmpty ? "" : ",")] + packed(rest, prefix: "    ", indent: indent) + ["{"]
        }
        return [keyword, "    \(name):"] + packed(conformances, prefix: "        ", indent: indent) + ["{"]
    }

    /// `items` separated by commas, as many a line as fit ``columnLimit`` after `prefix`.
    private static func packed(_ items: [String], prefix: String, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? "" : ",")
            if !line.isEmpty, !fitsLimit(prefix + line + " " + piece, indent: indent) {
                lines.append(prefix + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + piece
        }
        return lines + [prefix + line]
    }

    /// An enum case with an associated value (`case name(Type)`), the value on the next line
    /// when the case does not fit ``columnLimit``.
    static func payloadCase(_ head: String, payload: String, indent: Int) -> [String] {
        let single = "\(head)(\(payload))"
        return fitsLimit(single, indent: indent) ? [single] : [head + "(", "    " + payload + ")"]
    }

    /// One element of a list laid out an element a line (`item` with its `suffix`, a comma or
    /// the closing `) {`), broken as swift-format breaks it when it does not fit
    /// ``columnLimit`` at `indent`: a parameter after its `=` (`name: Type =` / `    nil,`) and
    /// then after its `:`, a labeled argument after its label, `Type.self` before `.self`, a
    /// call after its `(`. Only text before the first string literal is looked at, so a
    /// literal is never broken.
    static func element(_ item: String, suffix: String, indent: Int) -> [String] {
        let single = item + suffix
        if fitsLimit(single, indent: indent) { return [single] }
        let code = item.prefix { $0 != "\"" }
        if let colon = labelColon(in: code) {
            let label = String(item[...colon])
            let rest = String(item[item.index(colon, offsetBy: 2)...])
            if let equals = rest.range(of: " = "), !rest[..<equals.lowerBound].contains("\"") {
                let type = String(rest[..<equals.lowerBound])
                let value = "    " + rest[equals.upperBound...] + suffix
                if fitsLimit("\(label) \(type) =", indent: indent) { return ["\(label) \(type) =", value] }
                if fitsLimit("    " + rest + suffix, indent: indent) { return [label, "    " + rest + suffix] }
                return [label, "    \(type) =", value]
            }
            return [label, "    " + rest + suffix]
        }
        if item.hasSuffix(".self"), !code.contains("(") {
            return [String(item.dropLast(5)), "    .self" + suffix]
        }
        if let open = code.firstIndex(of: "("), item.hasSuffix(")") {
            let inside = item[item.index(after: open)..<item.index(before: item.endIndex)]
            let packed = "    " + inside + ")" + suffix
            let arguments = topLevelArguments(inside)
            if fitsLimit(packed, indent: indent) || arguments.count < 2 { return [String(item[...open]), packed] }
            return [String(item[...open])]
                + arguments.enumerated().map { "    " + $1 + ($0 == arguments.count - 1 ? ")" + suffix : ",") }
        }
        return [single]
    }

    /// The arguments of a call's argument list, split at the commas outside brackets and string
    /// literals.
    private static func topLevelArguments(_ list: Substring) -> [String] {
        var arguments: [String] = []
        var current = ""
        var depth = 0
        var inLiteral = false
        var escaped = false
        for character in list {
            if inLiteral {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inLiteral = false
                }
            } else if character == "\"" {
                inLiteral = true
            } else if "([<".contains(character) {
                depth += 1
            } else if ")]>".contains(character) {
                depth -= 1
            } else if character == ",", depth == 0 {
                arguments.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        arguments.append(current)
        return arguments.map { String($0.drop { $0 == " " }) }
    }

    /// The `:` after a leading label or name (`name: Type`), if the text starts with one.
    private static func labelColon(in code: Substring) -> String.Index? {
        var index = code.startIndex
        if index < code.endIndex, code[index] == "`" { index = code.index(after: index) }
        let start = index
        while index < code.endIndex, code[index].isLetter || code[index].isNumber || code[index] == "_" {
            index = code.index(after: index)
        }
        if index < code.endIndex, code[index] == "`" { index = code.index(after: index) }
        guard index > start, index < code.endIndex, code[index] == ":",
            code.index(after: index) < code.endIndex, code[code.index(after: index)] == " "
        else { return nil }
        return index
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
            // As swift-format, a trailing comma only after the last of several elements.
            let isLast = index == items.count - 1
            let suffix = isLast && (!trailingComma || items.count == 1) ? "" : ","
            lines += element(item, suffix: suffix, indent: indent + 4).map { "    " + $0 }
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
            + arguments.enumerated().flatMap { index, argument in
                element(argument, suffix: index == arguments.count - 1 ? close : ",", indent: indent + 4)
                    .map { "    " + $0 }
            }
    }
}
