import Testing

@testable import MusubiEmitter

/// The template engine against the rules of the Mustache specification that templates rely on.
@Suite struct MustacheTests {
    private func render(
        _ source: String, _ value: TemplateValue, partials: [String: String] = [:]
    ) throws -> String {
        var templates = try partials.mapValues { source throws(TemplateError) in
            try MustacheTemplate(file: "partial", source: source)
        }
        templates["main"] = try MustacheTemplate(file: "main.mustache", source: source)
        return MustacheRenderer(templates: templates).render(value, with: "main")
    }

    private func parseError(_ source: String) -> TemplateError? {
        do {
            _ = try MustacheTemplate(file: "T.mustache", source: source)
            return nil
        } catch {
            return error
        }
    }

    private let person: TemplateValue = .object([
        "name": .string("Ada <Lovelace> & co"),
        "age": .int(36),
        "admin": .bool(true),
        "guest": .bool(false),
        "tags": .list([.string("a"), .string("b")]),
        "none": .list([]),
        "address": .object(["city": .string("London"), "name": .string("Home")]),
    ])

    @Test func variablesAreNotEscaped() throws {
        #expect(
            try render("{{name}}|{{{name}}}|{{& name}}", person)
                == "Ada <Lovelace> & co|Ada <Lovelace> & co|Ada <Lovelace> & co")
        #expect(try render("{{age}} {{admin}} {{missing}}.", person) == "36 true .")
    }

    @Test func dottedNamesAndTheCurrentValue() throws {
        #expect(try render("{{address.city}} {{address.missing}}", person) == "London ")
        #expect(try render("{{#tags}}<{{.}}>{{/tags}}", person) == "<a><b>")
        // A name is looked up outwards from the innermost value.
        #expect(try render("{{#address}}{{name}} in {{city}}, {{age}}{{/address}}", person) == "Home in London, 36")
    }

    @Test func sectionsAndInvertedSections() throws {
        let template = "{{#admin}}A{{/admin}}{{#guest}}G{{/guest}}{{#none}}N{{/none}}{{#missing}}M{{/missing}}"
        #expect(try render(template, person) == "A")
        let inverted =
            "{{^admin}}A{{/admin}}{{^guest}}G{{/guest}}{{^none}}N{{/none}}{{^missing}}M{{/missing}}{{^tags}}T{{/tags}}"
        #expect(try render(inverted, person) == "GNM")
    }

    @Test func standaloneTagLinesLeaveNoTrace() throws {
        let template = "begin\n  {{#tags}}\n  - {{.}}\n  {{/tags}}\n{{! a comment }}\n\t{{^none}}  \nend\n{{/none}}"
        #expect(try render(template, person) == "begin\n  - a\n  - b\nend\n")
        #expect(try render("x\r\n{{#admin}}\r\ny\r\n{{/admin}}\r\n", person) == "x\r\ny\r\n")
        // Tags sharing their line with text are not standalone.
        #expect(try render(" {{#admin}}y{{/admin}} \n", person) == " y \n")
        #expect(try render("{{! multi\nline }}\nz", person) == "z")
    }

    @Test func partialsAreIndentedLikeTheirTag() throws {
        let partials = ["item": "- {{.}}\n\n({{name}})\n"]
        #expect(
            try render("list:\n  {{#tags}}\n    {{> item}}\n  {{/tags}}\n", person, partials: partials)
                == "list:\n    - a\n\n    (Ada <Lovelace> & co)\n    - b\n\n    (Ada <Lovelace> & co)\n")
        #expect(try render("[{{> item}}]", .object(["name": .string("n")]), partials: ["item": "{{name}}"]) == "[n]")
    }

    @Test func delimitersCanChange() throws {
        #expect(
            try render("{{=<% %>=}}<% name %> {{name}} <%={{ }}=%>{{age}}", person) == "Ada <Lovelace> & co {{name}} 36"
        )
    }

    @Test func problemsAreReportedWithTheirLine() throws {
        let unclosed = try #require(parseError("a\n{{#tags}}\nb\n"))
        #expect(unclosed.description == "T.mustache:2:1: error: 'tags' is never closed")
        let mismatched = try #require(parseError("{{#a}}\n{{/b}}"))
        #expect(mismatched.description == "T.mustache:2:1: error: 'b' is closed, but the open section is 'a' (line 1)")
        #expect(parseError("x {{/a}}")?.description == "T.mustache:1:3: error: 'a' is closed but was never opened")
        #expect(parseError("\n\n  {{name")?.description == "T.mustache:3:3: error: '{{' is never closed with '}}'")
        #expect(
            parseError("a\n  {{name\n{{/b}}")?.description
                == "T.mustache:2:3: error: '{{name' is not closed with '}}' on its line")
        #expect(parseError("{{< parent}}")?.message == "template inheritance ('{{<') is not supported")
        #expect(
            parseError("{{uppercased(name)}}")?.message
                == "'uppercased(name)': transforms (function calls in tags) are not supported")
        #expect(parseError("{{}}")?.message == "a tag without a name")
        #expect(parseError("{{a b}}")?.message == "'a b' is not a name: expected 'name', 'a.b' or '.'")
    }

    @Test func aPartialNamingNoTemplateIsAnError() throws {
        var sources = try TemplateSet.builtIn().sources
        sources["Typealias"] = "line\n{{> Missing}}\n"
        #expect(throws: TemplateError.self) { try TemplateSet(sources: sources) }
        do {
            _ = try TemplateSet(sources: sources)
        } catch {
            #expect(error.file == "Typealias.mustache")
            #expect(error.line == 2)
        }
    }
}
