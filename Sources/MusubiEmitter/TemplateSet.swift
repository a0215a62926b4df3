import Foundation
import Mustache

/// The Mustache templates the emitter renders with: the built-in ones, any of which a user
/// may replace by putting a file of the same name in their own directory.
public struct TemplateSet: Sendable {
    /// The template names the emitter renders, each a `NAME.mustache` file.
    public static let names = ["API", "AnyOf", "Enum", "OneOf", "Request", "Struct", "Typealias"]

    /// Template sources by name, after overrides.
    public private(set) var sources: [String: String]
    let library: MustacheLibrary

    /// The templates compiled into the binary.
    public static func builtIn() throws(TemplateError) -> TemplateSet {
        try TemplateSet(sources: builtInSources)
    }

    /// The built-in templates with every `NAME.mustache` in `directory` taking the place of
    /// the built-in one of the same name. A file whose name is not a template name is an
    /// error: it is almost certainly a typo that would otherwise be silently ignored.
    public static func overriding(withDirectory directory: String) throws(TemplateError) -> TemplateSet {
        var sources = builtInSources
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw TemplateError(file: directory, message: "cannot read the templates directory: \(error.localizedDescription)")
        }
        for entry in entries.sorted() where entry.hasSuffix(".mustache") {
            let name = String(entry.dropLast(".mustache".count))
            let path = (directory as NSString).appendingPathComponent(entry)
            guard names.contains(name) else {
                throw TemplateError(
                    file: path,
                    message: "'\(entry)' is not a template Musubi renders; expected one of \(names.map { $0 + ".mustache" }.joined(separator: ", "))")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TemplateError(file: path, message: "cannot read the template")
            }
            sources[name] = String(decoding: data, as: UTF8.self)
        }
        return try TemplateSet(sources: sources)
    }

    init(sources: [String: String]) throws(TemplateError) {
        self.sources = sources
        var library = MustacheLibrary()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                // Generated code is not HTML: plain `{{value}}` must not escape `<` or `&`.
                try library.register("{{% CONTENT_TYPE: TEXT}}" + source, named: name)
            } catch {
                throw TemplateError(file: name + ".mustache", message: "the template does not parse: \(error)")
            }
        }
        self.library = library
    }

    func render(_ object: Any, with name: String) throws(TemplateError) -> String {
        guard let text = library.render(object, withTemplate: name) else {
            throw TemplateError(file: name + ".mustache", message: "no such template")
        }
        return text
    }
}

/// A template that could not be loaded or parsed.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public var description: String { "\(file): error: \(message)" }
}
