import MusubiClientModel
import MusubiDocument
import MusubiReader

/// Reads a `musubi.yaml` with our own reader, so every problem has a line and column.
///
/// Strict: an unknown key (with the closest known one suggested), a value of the wrong type
/// or an access level that does not exist is an error, and all of them are reported at once,
/// as a compiler does. A key written with no value (`exclude:`) counts as not set.
public enum ConfigurationLoader {
    /// Reads the file at `path`; paths in it are resolved against its folder.
    public static func load(contentsOf path: String) throws(ConfigurationError) -> Configuration {
        let root: Node
        do {
            root = try Reader.parse(contentsOf: path)
        } catch {
            throw ConfigurationError(diagnostics: [error])
        }
        return try load(root, file: path)
    }

    /// Interprets a parsed configuration read from `file`.
    public static func load(_ root: Node, file: String) throws(ConfigurationError) -> Configuration {
        var reader = ConfigurationNodeReader(file: file)
        let configuration = reader.configuration(from: root)
        if reader.diagnostics.contains(where: { $0.severity == .error }) {
            // In the file's order, as a compiler reports, whatever order the keys were checked in.
            let ordered = reader.diagnostics.enumerated().sorted { a, b in
                (a.element.location ?? .init(line: 0, column: 0), a.offset)
                    < (b.element.location ?? .init(line: 0, column: 0), b.offset)
            }
            throw ConfigurationError(diagnostics: ordered.map(\.element))
        }
        return configuration
    }

    /// The sections only the file has: name and type overrides, pagination rules.
    static let fileOnlySections = ["names", "types", "pagination"]

    /// The top-level keys: the settings' (``SettingDeclaration/all``), then the file-only
    /// sections.
    static var topLevelKeys: [String] { keys(in: "") + fileOnlySections }

    /// The keys under `section` (`runtime`, `filter.include`; "" for the top level) that the
    /// settings' keys have, in their order.
    static func keys(in section: String) -> [String] {
        let prefix = section.isEmpty ? "" : section + "."
        var keys: [String] = []
        for declaration in SettingDeclaration.all where declaration.key.hasPrefix(prefix) {
            let rest = declaration.key.dropFirst(prefix.count)
            let key = String(rest.prefix { $0 != "." })
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// `path` as seen from the working directory, for a path written in a file in `directory`.
    static func resolve(_ path: String, against directory: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty || directory == "." { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// The folder part of a path (`Sources/musubi.yaml` → `Sources`, `musubi.yaml` → ``).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// The walk over the configuration's nodes, collecting diagnostics.
struct ConfigurationNodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func configuration(from root: Node) -> Configuration {
        var result = Configuration(file: file)
        if root.isNull { return result }
        let declarations = Dictionary(uniqueKeysWithValues: SettingDeclaration.all.map { ($0.key, $0) })
        read(root, section: "", declarations: declarations, into: &result.values, locations: &result.locations)
        for (key, value) in entries(of: root, allowed: ConfigurationLoader.topLevelKeys, in: nil, report: false) {
            switch key {
            case "names": result.names = names(value)
            case "types": result.types = types(value)
            case "pagination": result.pagination = paginationRules(value)
            default: break
            }
        }
        return result
    }

    /// Reads the settings' keys in `node`, the mapping of `section` ("" for the whole file),
    /// and the sections inside it.
    private mutating func read(
        _ node: Node, section: String, declarations: [String: SettingDeclaration], into values: inout SettingValues,
        locations: inout [String: SourceLocation]
    ) {
        let allowed =
            ConfigurationLoader.keys(in: section) + (section.isEmpty ? ConfigurationLoader.fileOnlySections : [])
        for (key, value) in entries(of: node, allowed: allowed, in: section.isEmpty ? nil : section) {
            let path = section.isEmpty ? key : "\(section).\(key)"
            if let declaration = declarations[path] {
                declaration.read(&self, value, &values)
                locations[path] = value.location
            } else if !ConfigurationLoader.fileOnlySections.contains(path) {
                read(value, section: path, declarations: declarations, into: &values, locations: &locations)
            }
        }
    }

    // MARK: Sections

    /// Located globs: a filter list of the file. A pattern longer than
    /// ``Glob/maximumLength`` is an error: matching takes time proportional to the pattern's
    /// length times the text's, and a file that came with a spec may hold both.
    mutating func globs(_ node: Node, setting: String) -> [Configured<Glob>] {
        strings(node).compactMap { text, location in
            guard text.unicodeScalars.count <= Glob.maximumLength else {
                error("a pattern may be at most \(Glob.maximumLength) characters long", at: location)
                return nil
            }
            return Configured(Glob(text), origin: origin(setting, at: location))
        }
    }

    private mutating func names(_ node: Node) -> NameOverrides {
        var names = NameOverrides()
        let kinds = ["schemas", "properties", "operations", "enum-cases"]
        for (key, value) in entries(of: node, allowed: kinds, in: "names") {
            switch key {
            case "schemas": names.schemas = table(value, in: "names.schemas")
            case "operations": names.operations = table(value, in: "names.operations")
            case "properties": names.properties = table(value, in: "names.properties", keyForm: "Type.jsonKey")
            default: names.enumCases = table(value, in: "names.enum-cases", keyForm: "Type.value")
            }
        }
        return names
    }

    private mutating func types(_ node: Node) -> TypeOverrides {
        var types = TypeOverrides()
        for (key, value) in entries(of: node, allowed: ["formats", "schemas"], in: "types") {
            let table = table(value, in: "types.\(key)", valuesAreTypes: true)
            if key == "formats" { types.formats = table } else { types.schemas = table }
        }
        return types
    }

    /// `operationId: rule` pairs, each rule written as an operation's `x-musubi-pagination`
    /// (a style alone, or an object with ``PaginationRule/keys``). A rule that is not one is an
    /// error at it; an `operationId` the spec does not have is found later, with the spec.
    private mutating func paginationRules(_ node: Node) -> [String: Configured<PaginationRule>] {
        guard let mapping = mapping(node, in: "pagination") else { return [:] }
        var rules: [String: Configured<PaginationRule>] = [:]
        for entry in mapping {
            switch PaginationRule.parse(DocumentValue(entry.value)) {
            case .success(let rule):
                rules[entry.key] = Configured(rule, origin: origin("pagination", at: entry.keyLocation))
            case .failure(let problem):
                error("the pagination rule of '\(entry.key)' is not one: \(problem.text)", at: entry.value.location)
            }
        }
        return rules
    }

    // MARK: Values

    /// A mapping's entries with known keys; unknown keys are errors. (A repeated key never
    /// gets here: the reader keeps the first, as it does for specs.)
    /// `report: false` reads a mapping already checked, without reporting its problems again.
    private mutating func entries(
        of node: Node, allowed: [String], in context: String?, report: Bool = true
    ) -> [(String, Node)] {
        guard let mapping = report ? mapping(node, in: context) : node.mapping else { return [] }
        var result: [(String, Node)] = []
        for entry in mapping {
            guard allowed.contains(entry.key) else {
                guard report else { continue }
                let place = context.map { " in '\($0)'" } ?? ""
                let hint =
                    Suggestion.closest(to: entry.key, among: allowed).map { " (did you mean '\($0)'?)" }
                    ?? "; expected \(Self.list(allowed))"
                error("unknown key '\(entry.key)'\(place)\(hint)", at: entry.keyLocation)
                continue
            }
            if !entry.value.isNull { result.append((entry.key, entry.value)) }
        }
        return result
    }

    private mutating func mapping(_ node: Node, in context: String?) -> Mapping? {
        if let mapping = node.mapping { return mapping }
        let what = context.map { "'\($0)'" } ?? "a configuration file"
        error("\(what) must be a mapping, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// `Name: Value` pairs whose values are strings: names, or Swift types when `valuesAreTypes`.
    private mutating func table(
        _ node: Node, in context: String, keyForm: String? = nil, valuesAreTypes: Bool = false
    ) -> [String: Configured<String>] {
        guard let mapping = mapping(node, in: context) else { return [:] }
        var table: [String: Configured<String>] = [:]
        for entry in mapping {
            if let keyForm, !entry.key.contains(".") {
                error("key '\(entry.key)' in '\(context)' must have the form '\(keyForm)'", at: entry.keyLocation)
                continue
            }
            guard let value = string(entry.value) else { continue }
            if valuesAreTypes, !Self.isTypeSpelling(value) {
                error("'\(value)' is not a Swift type", at: entry.value.location)
                continue
            }
            table[entry.key] = Configured(value, origin: origin(context, at: entry.keyLocation))
        }
        return table
    }

    /// A list of strings; a single string is a list of one (`tags: issues`).
    mutating func strings(_ node: Node) -> [(String, SourceLocation)] {
        if let text = node.string { return [(text, node.location)] }
        guard let items = node.sequence else {
            error("expected a string or a sequence of strings, found \(node.kindDescription)", at: node.location)
            return []
        }
        return items.compactMap { item in string(item).map { ($0, item.location) } }
    }

    mutating func string(_ node: Node) -> String? {
        if let text = node.string, !text.isEmpty { return text }
        // `module-name: 2024` is meant as text, as specs write `version: 1.0`.
        if case .number(let text) = node.value { return text }
        error(
            "expected a non-empty string, found \(node.string == nil ? node.kindDescription : "an empty one")",
            at: node.location)
        return nil
    }

    /// A module or package name: spelled into generated code and the manifest, so it must be a
    /// Swift identifier that can be imported (``Naming/moduleNameProblem(_:)``).
    mutating func identifier(_ node: Node, for key: String) -> String? {
        guard let text = string(node) else { return nil }
        if let problem = Naming.moduleNameProblem(text) {
            error("'\(key)' \(problem)", at: node.location)
            return nil
        }
        return text
    }

    mutating func bool(_ node: Node) -> Bool? {
        if let flag = node.bool { return flag }
        error("expected true or false, found \(node.kindDescription)", at: node.location)
        return nil
    }

    mutating func accessLevel(_ node: Node) -> ClientModelOptions.AccessLevel? {
        guard let text = string(node) else { return nil }
        if let level = ClientModelOptions.AccessLevel(rawValue: text) { return level }
        error(
            "'\(text)' is not an access level; expected \(Self.list(ClientModelOptions.AccessLevel.allCases.map(\.rawValue)))",
            at: node.location)
        return nil
    }

    /// A path written in the file, as seen from the working directory.
    mutating func path(_ node: Node) -> String? {
        string(node).map(resolve)
    }

    /// `path`, written in the file, as seen from the working directory.
    func resolve(_ path: String) -> String {
        ConfigurationLoader.resolve(path, against: ConfigurationLoader.directory(of: file))
    }

    // MARK: Helpers

    private func origin(_ setting: String, at location: SourceLocation) -> SettingOrigin {
        SettingOrigin(file: file, location: location, setting: setting)
    }

    private mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(message, file: file, at: location))
    }

    /// `a, b or c`.
    static func list(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// Whether `text` reads as one Swift type: a name with dots and generic arguments
    /// (`Foundation.Decimal`, `Set<String>`), an array or dictionary in brackets, any of them
    /// optional. It is spelled into generated code as written, so anything else (a quote, a
    /// newline, a semicolon, or a comma or colon outside brackets, which would declare another
    /// property: `Int?, extra: Int?`) is refused.
    static func isTypeSpelling(_ text: String) -> Bool {
        var reader = TypeSpellingReader(text)
        return reader.readType() && reader.isAtEnd
    }
}

/// Reads a Swift type spelling by its grammar (``ConfigurationLoader/isTypeSpelling(_:)``),
/// nested at most ``maximumDepth`` deep.
private struct TypeSpellingReader {
    private let characters: [Character]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 32

    init(_ text: String) { characters = Array(text) }

    /// Whether only spaces are left.
    var isAtEnd: Bool {
        characters[index...].allSatisfy { $0 == " " }
    }

    /// A type, then any number of `?`.
    mutating func readType() -> Bool {
        guard depth < Self.maximumDepth else { return false }
        depth += 1
        defer { depth -= 1 }
        skipSpaces()
        if take("[") {
            guard readType() else { return false }
            if take(":"), !readType() { return false }
            guard take("]") else { return false }
        } else {
            guard readName() else { return false }
            while take(".") {
                guard readName() else { return false }
            }
            if take("<") {
                repeat {
                    guard readType() else { return false }
                } while take(",")
                guard take(">") else { return false }
            }
        }
        while take("?") {}
        return true
    }

    /// An identifier: a letter or `_`, then letters, digits and `_`.
    private mutating func readName() -> Bool {
        skipSpaces()
        guard index < characters.count, Self.isNameStart(characters[index]) else { return false }
        index += 1
        while index < characters.count, Self.isNameStart(characters[index]) || Self.isDigit(characters[index]) {
            index += 1
        }
        return true
    }

    /// Takes `character` after any spaces; false, taking nothing, when it is not next.
    private mutating func take(_ character: Character) -> Bool {
        skipSpaces()
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " { index += 1 }
    }

    private static func isNameStart(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && character.isLetter)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
