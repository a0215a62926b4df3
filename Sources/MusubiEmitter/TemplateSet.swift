import Foundation

/// The Mustache templates the emitter renders with: the built-in ones, any of which a user
/// may replace by putting a file of the same name in their own directory.
public struct TemplateSet: Sendable {
    /// The template names the emitter renders, each a `NAME.mustache` file.
    public static let names = [
        "API", "AnyOf", "Enum", "GitIgnore", "OneOf", "Package", "PackageReadme", "Request", "Struct", "Typealias",
        "Webhooks",
    ]

    /// Template sources by name, after overrides.
    public private(set) var sources: [String: String]
    let renderer: MustacheRenderer

    /// The templates compiled into the binary.
    public static func builtIn() throws(TemplateError) -> TemplateSet {
        try TemplateSet(sources: builtInSources)
    }

    /// The built-in templates with every `NAME.mustache` in `directory` taking the place of
    /// the built-in one of the same name. A file whose name is not a template name is an
    /// error: it is almost certainly a typo that would otherwise be silently ignored.
    public static func overriding(withDirectory directory: String) throws(TemplateError) -> TemplateSet {
        var sources = builtInSources
        var paths: [String: String] = [:]
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw TemplateError(
                file: directory, message: "cannot read the templates directory: \(error.localizedDescription)")
        }
        for entry in entries.sorted() where entry.hasSuffix(".mustache") {
            let name = String(entry.dropLast(".mustache".count))
            let path = (directory as NSString).appendingPathComponent(entry)
            guard names.contains(name) else {
                throw TemplateError(
                    file: path,
                    message:
                        "'\(entry)' is not a template Musubi renders; expected one of \(names.map { $0 + ".mustache" }.joined(separator: ", "))"
                )
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TemplateError(file: path, message: "cannot read the template")
            }
            sources[name] = String(decoding: data, as: UTF8.self)
            paths[name] = path
        }
        return try TemplateSet(sources: sources, paths: paths)
    }

    /// How much rendering may write and do; see ``RenderingLimits``.
    var limits = RenderingLimits()
    /// Whether any template was read from the user's directory: a rendering limit passed is then
    /// perhaps the templates' doing rather than the spec's.
    let hasUserTemplates: Bool

    /// Parses every template, and checks that every partial one names exists and that no
    /// template includes itself. `paths` are the files of templates read from disk, for messages.
    init(sources: [String: String], paths: [String: String] = [:]) throws(TemplateError) {
        self.sources = sources
        hasUserTemplates = !paths.isEmpty
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try MustacheTemplate(file: paths[name] ?? name + ".mustache", source: source)
        }
        for template in templates.values.sorted(by: { $0.file < $1.file }) {
            for partial in template.partials where templates[partial.name] == nil {
                throw TemplateError(
                    file: template.file, line: partial.line,
                    message:
                        "no template '\(partial.name)' for the partial; expected one of \(Self.names.joined(separator: ", "))"
                )
            }
        }
        try Self.checkNoTemplateIncludesItself(templates)
        renderer = MustacheRenderer(templates: templates)
    }

    /// Throws at the first partial found that makes a template include itself, directly
    /// (`{{> API}}` in `API`) or through others (`Struct` including `Enum` including `Struct`).
    ///
    /// Mustache allows a partial to include itself to walk data that nests like a tree, but
    /// nothing templates receive does: a name missing from the innermost value is looked up
    /// outwards, so each round of the loop finds the values the last one did, and rendering
    /// goes on until the stack overflows (or stops only where a section happens to be empty).
    /// The check is over every partial tag, rendered or not, and runs before anything is
    /// rendered; it reports the tag that closes the loop, with the loop's templates in order.
    private static func checkNoTemplateIncludesItself(
        _ templates: [String: MustacheTemplate]
    ) throws(TemplateError) {
        // A template is absent while unvisited, false while its partials are being followed
        // (it is on `path`), true once none of them leads back to it.
        var finished: [String: Bool] = [:]
        var path: [String] = []
        func visit(_ name: String) throws(TemplateError) {
            guard let template = templates[name] else { return }
            finished[name] = false
            path.append(name)
            for partial in template.partials {
                switch finished[partial.name] {
                case true?:
                    continue
                case false?:
                    // From this template round to it again: `B → A → B`.
                    let loop = [name] + path[path.lastIndex(of: partial.name)!...].dropLast() + [name]
                    throw TemplateError(
                        file: template.file, line: partial.line, column: partial.column,
                        message:
                            "the partial '\(partial.name)' makes this template include itself (\(loop.joined(separator: " → "))); templates may not include themselves"
                    )
                case nil:
                    try visit(partial.name)
                }
            }
            path.removeLast()
            finished[name] = true
        }
        for name in templates.keys.sorted() where finished[name] == nil {
            try visit(name)
        }
    }

    /// Renders `value` with the template `name`, which must exist (``Emitter`` checks),
    /// charging `budget`, the run's.
    func render(_ value: TemplateValue, with name: String, budget: RenderingBudget) throws(TemplateError) -> String {
        try renderer.render(value, with: name, budget: budget)
    }

    func contains(_ name: String) -> Bool {
        renderer.templates[name] != nil
    }
}

/// A template that could not be loaded or parsed.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public var file: String
    /// Where in the template, when the problem is in its text.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        let location = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(file)\(location): error: \(message)"
    }
}

extension TemplateSet {
    /// The built-in templates as files to edit, `NAME.mustache`, sorted by name: what
    /// `musubi templates export` writes.
    public static var builtInFiles: [GeneratedFile] {
        // The embedded sources lack the files' final newline.
        names.map { GeneratedFile(path: $0 + ".mustache", contents: (builtInSources[$0] ?? "") + "\n") }
    }
}
