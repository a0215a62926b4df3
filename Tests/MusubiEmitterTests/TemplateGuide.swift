import Foundation
import MusubiClientModel

/// Writes the variable reference of the template guide (`Templates/README.md`) from the
/// client model itself, so the guide cannot drift from what templates receive.
///
/// Names and types come from the values: `Mirror` over client models built from real specs
/// lists each declaration's stored properties and their Swift types, exactly the keys
/// `TemplateValue` encodes. Descriptions come from the `///` comments on those properties in
/// `Sources/MusubiClientModel`, read by ``SourceDeclarations``; a test checks that both list
/// the same properties, so neither can miss one.
struct TemplateGuide {
    /// The object each template receives.
    static let roots: [(templates: [String], type: String, renders: String)] = [
        (["API"], "APIDeclaration", "the API file: its base protocol, servers and security schemes"),
        (["Request"], "RequestDeclaration", "each operation, into the file its `fileName` names"),
        (
            ["Struct", "Enum", "OneOf", "AnyOf", "Typealias"], "ModelDeclaration",
            "each model type, with the template its `template` variable names, into the file its `fileName` names"
        ),
        (
            ["Package", "PackageReadme", "GitIgnore"], "PackageDeclaration",
            "with `--package`: `Package.swift`, `README.md` and `.gitignore`"
        ),
        (
            ["Webhooks"], "WebhooksDeclaration",
            "the enum of the spec's webhooks and callbacks, when it has any, into the file its `fileName` names"
        ),
    ]

    let declarations: SourceDeclarations
    let observed: ObservedShapes

    /// The Markdown reference: which template receives what, then one table per type.
    func markdown() -> String {
        var lines = [
            "| template | renders | receives |",
            "|---|---|---|",
        ]
        for root in Self.roots {
            lines.append(
                "| \(root.templates.map { "`\($0)`" }.joined(separator: ", ")) | \(root.renders) | [\(root.type)](#\(anchor(root.type))) |"
            )
        }
        for type in reachableTypes() {
            guard let declaration = declarations.structs[type] else { continue }
            lines += ["", "### \(type)", ""]
            if !declaration.doc.isEmpty { lines += [cell(declaration.doc), ""] }
            var group: String?
            for property in declaration.properties {
                if property.group != group || property === declaration.properties.first {
                    if property !== declaration.properties.first { lines.append("") }
                    group = property.group
                    if let group { lines += ["\(group):", ""] }
                    lines += ["| variable | type | meaning |", "|---|---|---|"]
                }
                let swiftType = observed.fields[type]?.first { $0.name == property.name }?.type ?? property.type
                lines.append(
                    "| `\(property.name)` | \(describe(swiftType, of: type, property: property.name)) | \(cell(property.doc)) |"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The roots, then every type their variables mention, in order of first mention.
    func reachableTypes() -> [String] {
        var order = Self.roots.map(\.type)
        var index = 0
        while index < order.count {
            for property in declarations.structs[order[index]]?.properties ?? [] {
                let element = Self.elementType(property.type)
                if declarations.structs[element] != nil, !order.contains(element) { order.append(element) }
            }
            index += 1
        }
        return order
    }

    /// `[Foo]` → `Foo`, `Foo` → `Foo`.
    static func elementType(_ swiftType: String) -> String {
        if swiftType.hasPrefix("["), swiftType.hasSuffix("]") { return String(swiftType.dropFirst().dropLast()) }
        if swiftType.hasPrefix("Array<"), swiftType.hasSuffix(">") {
            return String(swiftType.dropFirst(6).dropLast())
        }
        return swiftType
    }

    /// What a template author needs to know of a Swift type: how Mustache sees it.
    private func describe(_ swiftType: String, of owner: String, property: String) -> String {
        switch swiftType {
        // A `SwiftType` encodes as its Swift spelling.
        case "String", "SwiftType": return "string"
        case "Bool": return "boolean"
        case "Int": return "integer"
        case "Array<String>", "[String]": return "list of strings (`{{.}}`)"
        default: break
        }
        let element = Self.elementType(swiftType)
        if declarations.structs[element] != nil {
            let link = "[\(element)](#\(anchor(element)))"
            return element == swiftType ? "object: \(link)" : "list of \(link)"
        }
        if let cases = observed.enumCases["\(owner).\(property)"] {
            return "string: " + cases.map { "`\($0)`" }.joined(separator: ", ")
        }
        return "`\(swiftType)`"
    }

    private func anchor(_ type: String) -> String { type.lowercased() }

    /// One table cell: DocC's ``symbol`` links as code, pipes escaped.
    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "``", with: "`").replacingOccurrences(of: "|", with: "\\|")
    }
}

/// The public structs of the client model's sources, their stored properties and the `///`
/// comments on them, read line by line: the model files keep one layout (one property per
/// line, `// Group` comments between groups of properties).
struct SourceDeclarations {
    final class Property {
        let name: String
        let type: String
        let doc: String
        /// The `// Structs` comment the property follows, if any.
        let group: String?

        init(name: String, type: String, doc: String, group: String?) {
            self.name = name
            self.type = type
            self.doc = doc
            self.group = group
        }
    }

    struct Struct {
        var doc: String
        var properties: [Property]
    }

    var structs: [String: Struct] = [:]

    init(sources: [String]) {
        for source in sources { read(source) }
    }

    private mutating func read(_ source: String) {
        var depth = 0
        var doc: [String] = []
        var current: (name: String, value: Struct)?
        var group: String?
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            // Braces in comments and string literals (`"if !x {"`) open nothing.
            let code =
                line.hasPrefix("//")
                ? ""
                : line.replacingOccurrences(
                    of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
            let opens = code.filter { $0 == "{" }.count
            let closes = code.filter { $0 == "}" }.count
            defer { depth += opens - closes }
            if line.hasPrefix("///") {
                doc.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
                continue
            }
            defer { doc = [] }
            if depth == 0, let name = Self.match(#"^public struct (\w+)"#, line) {
                current = (name, Struct(doc: Self.joined(doc), properties: []))
                group = nil
            } else if depth == 1, var open = current {
                if line.hasPrefix("//") {
                    group = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                } else if opens == 0, let name = Self.match(#"^public var (\w+)"#, line) {
                    // `name: Type`, `name: Type = value`, or `name = false` (typed by its value).
                    var type = String(line.dropFirst("public var \(name)".count))
                    if let equals = type.range(of: " = ") { type = String(type[..<equals.lowerBound]) }
                    type = type.hasPrefix(":") ? String(type.dropFirst()) : ""
                    open.value.properties.append(
                        Property(
                            name: name, type: type.trimmingCharacters(in: .whitespaces), doc: Self.joined(doc),
                            group: group))
                    current = open
                } else if line == "}" {
                    structs[open.name] = open.value
                    current = nil
                }
            }
        }
    }

    /// Doc comment lines as one paragraph per blank-line-separated block, joined with spaces.
    private static func joined(_ lines: [String]) -> String {
        lines.split(separator: "", omittingEmptySubsequences: true).map { $0.joined(separator: " ") }
            .joined(separator: " ")
    }

    private static func match(_ pattern: String, _ line: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let result = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
            let range = Range(result.range(at: 1), in: line)
        else { return nil }
        return String(line[range])
    }
}

/// The stored properties of every struct value reachable from some client models, found with
/// `Mirror`: the names and Swift types templates really receive.
struct ObservedShapes {
    struct Field: Equatable {
        var name: String
        var type: String
    }

    /// By struct name, its fields in declaration order.
    var fields: [String: [Field]] = [:]
    /// `Owner.property` → the raw values of an enum-typed property (`ModelDeclaration.kind`).
    var enumCases: [String: [String]] = [:]

    init(models: [ClientModel]) {
        for model in models { visit(model) }
    }

    private mutating func visit(_ value: Any) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct:
            let name = String(describing: type(of: value))
            if fields[name] == nil {
                fields[name] = mirror.children.map {
                    Field(name: $0.label ?? "", type: String(describing: type(of: $0.value)))
                }
            }
            for child in mirror.children {
                if let enumValue = child.value as? any CaseIterable {
                    enumCases["\(name).\(child.label ?? "")"] = Self.caseNames(enumValue)
                }
                visit(child.value)
            }
        case .collection, .optional:
            for child in mirror.children { visit(child.value) }
        default:
            break
        }
    }

    private static func caseNames<T: CaseIterable>(_ value: T) -> [String] {
        T.allCases.map { element in
            (element as? any RawRepresentable).map { "\($0.rawValue)" } ?? "\(element)"
        }
    }
}
