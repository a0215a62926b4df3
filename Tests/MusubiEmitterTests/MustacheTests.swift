import Testing

@testable import MusubiEmitter

/// The template engine against the rules of the Mustache specification that templates rely on.
@Suite struct MustacheTests {
    private func render(
        _ source: String, _ value: TemplateValue, partials: [String: String] = [:],
        limits: RenderingLimits = RenderingLimits()
    ) throws(TemplateError) -> String {
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in partials {
            templates[name] = try MustacheTemplate(file: name + ".mustache", source: source)
        }
        templates["main"] = try MustacheTemplate(file: "main.mustache", source: source)
        return try MustacheRenderer(templates: templates).render(
            value, with: "main", budget: RenderingBudget(limits: limits))
    }

    private func renderError(
        _ source: String, _ value: TemplateValue, partials: [String: String] = [:],
        limits: RenderingLimits = RenderingLimits()
    ) -> TemplateError? {
        do {
            _ = try render(source, value, partials: partials, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    private func templateSetError(overriding overrides: [String: String]) throws -> TemplateError? {
        var sources = try TemplateSet.builtIn().sources
        sources.merge(overrides) { $1 }
        do {
            _ = try TemplateSet(sources: sources)
            return nil
        } catch {
            return error
        }
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

    @Test func sectionsNestMostAHundredDeep() throws {
        let hundred = String(repeating: "{{^a}}", count: 100) + "deep" + String(repeating: "{{/a}}", count: 100)
        #expect(try render(hundred, .object([:])) == "deep")
        #expect(
            parseError("\n" + String(repeating: "{{^a}}", count: 101))?.description
                == "T.mustache:2:601: error: sections nest more than 100 deep")
    }

    @Test func aLongLineOfTagsParsesInLinearTime() throws {
        // Each tag's column was counted from the line's start: 40 000 tags on a line took 22 s.
        let clock = ContinuousClock()
        let start = clock.now
        let tags = String(repeating: "{{a}}", count: 100_000)
        #expect(try render("x\n" + tags, .object(["a": .string("")])) == "x\n")
        #expect(clock.now - start < .seconds(10))
        #expect(
            parseError("x\n" + String(repeating: "{{a}}é", count: 1000) + "{{/b}}")?.description
                == "T.mustache:2:6001: error: 'b' is closed but was never opened")
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

    @Test func aTemplateThatIncludesItselfIsAnErrorAtTheTag() throws {
        let itself = try #require(try templateSetError(overriding: ["API": "{{{header}}}\n{{> API}}\n"]))
        #expect(
            itself.description
                == "API.mustache:2:1: error: the partial 'API' makes this template include itself (API → API); templates may not include themselves"
        )
        // Inside a section that may never render, too: the check is over the tags.
        let inSection = try templateSetError(overriding: ["Enum": "{{#cases}}\n  x {{> Enum}}\n{{/cases}}\n"])
        #expect(inSection?.file == "Enum.mustache")
        #expect(inSection?.line == 2)
        #expect(inSection?.column == 5)
    }

    @Test func templatesThatIncludeEachOtherAreAnError() throws {
        let mutual = try #require(
            try templateSetError(overriding: ["Struct": "a\n  {{> Enum}}\n", "Enum": "{{> Struct}}"]))
        #expect(
            mutual.description
                == "Struct.mustache:2:3: error: the partial 'Enum' makes this template include itself (Struct → Enum → Struct); templates may not include themselves"
        )
        let throughThree = try #require(
            try templateSetError(overriding: [
                "OneOf": "{{> AnyOf}}", "AnyOf": "{{#a}}{{> Typealias}}{{/a}}", "Typealias": "{{^b}}{{> OneOf}}{{/b}}",
            ]))
        // Templates are followed in name order, so the loop is found closing in OneOf.
        #expect(throughThree.file == "OneOf.mustache")
        #expect(
            throughThree.message
                == "the partial 'AnyOf' makes this template include itself (OneOf → AnyOf → Typealias → OneOf); templates may not include themselves"
        )
    }

    @Test func aTemplateIncludedTwiceWithoutALoopIsNoError() throws {
        let sources = [
            "Struct": "{{> Typealias}}{{> Typealias}}\n{{> Enum}}", "Enum": "{{> Typealias}}", "Typealias": "{{name}}",
        ]
        #expect(try templateSetError(overriding: sources) == nil)
        var templates = try TemplateSet.builtIn().sources
        templates.merge(sources) { $1 }
        let rendered = try TemplateSet(sources: templates).render(
            .object(["name": .string("n")]), with: "Struct", budget: RenderingBudget())
        #expect(rendered == "nn\nn")
    }

    @Test func partialsIncludingThemselvesStopAtADepthWhenRenderedDirectly() throws {
        // The template set never renders these; the renderer still stops rather than overflow its stack.
        let error = try #require(renderError("{{> loop}}", .object([:]), partials: ["loop": "x\n  {{> loop}}"]))
        #expect(error.file == "loop.mustache")
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message == "partials are included more than 64 deep: a template includes itself")
    }

    /// Eight sections over the same ten properties, nested: a hundred million lines. Rendering
    /// stops at a limit within a moment, and says which template and why: the output limit when
    /// each line is long, the step limit when the lines are short or there are none.
    @Test func sectionsNestedOverListsStopAtALimit() throws {
        let properties = TemplateValue.list((0..<10).map { .object(["name": .string("property\($0)")]) })
        let value: TemplateValue = .object(["properties": properties])
        func nested(_ depth: Int, around line: String) -> String {
            String(repeating: "{{#properties}}\n", count: depth) + line
                + String(repeating: "{{/properties}}\n", count: depth)
        }
        let clock = ContinuousClock()
        for (template, expected) in [
            (
                nested(
                    8, around: "/// {{{name}}}: a line long enough that the output limit comes before the step limit\n"),
                "main.mustache: error: rendering one declaration passed 8 MiB of output, the most a template may write for one; \(RenderingLimits.hint)"
            ),
            (
                nested(8, around: "x\n"),
                "main.mustache: error: rendering one declaration passed 1000000 steps (text, tags and partials rendered, and values names are looked up in), the most a template may take for one; \(RenderingLimits.hint)"
            ),
            (
                nested(9, around: ""),
                "main.mustache: error: rendering one declaration passed 1000000 steps (text, tags and partials rendered, and values names are looked up in), the most a template may take for one; \(RenderingLimits.hint)"
            ),
        ] {
            let start = clock.now
            #expect(renderError(template, value)?.description == expected)
            #expect(clock.now - start < .seconds(15))
        }
    }

    @Test func theLimitsAreExact() throws {
        let value: TemplateValue = .object(["tags": .list([.string("ab"), .string("cd")])])
        var limits = RenderingLimits()
        limits.bytesPerRender = 4
        #expect(try render("{{#tags}}{{.}}{{/tags}}", value, limits: limits) == "abcd")
        #expect(
            renderError("{{#tags}}{{.}}{{/tags}}!", value, limits: limits)?.message
                == "rendering one declaration passed 4 bytes of output, the most a template may write for one; sections over lists nested in each other multiply what they render"
        )
        limits = RenderingLimits()
        // The line's start, the section and the one value `tags` is looked up in, then its text
        // and variable for each of the two tags.
        limits.stepsPerRender = 7
        #expect(try render("{{#tags}}-{{.}}{{/tags}}", value, limits: limits) == "-ab-cd")
        #expect(
            renderError("{{#tags}}-{{.}}{{/tags}}.", value, limits: limits)?.message
                == "rendering one declaration passed 7 steps (text, tags and partials rendered, and values names are looked up in), the most a template may take for one; sections over lists nested in each other multiply what they render"
        )
    }

    @Test func aRunStopsAtItsOutputLimit() throws {
        var sources = try TemplateSet.builtIn().sources
        sources["Typealias"] = "{{name}}"
        let templates = try TemplateSet(sources: sources)
        var limits = RenderingLimits()
        limits.bytesPerRun = 1000
        let budget = RenderingBudget(limits: limits)
        let value: TemplateValue = .object(["name": .string(String(repeating: "n", count: 400))])
        for _ in 0..<2 { #expect(try templates.render(value, with: "Typealias", budget: budget).count == 400) }
        do {
            _ = try templates.render(value, with: "Typealias", budget: budget)
            Issue.record("a third render passes the run's 1000 bytes")
        } catch {
            #expect(
                error.description
                    == "Typealias.mustache: error: the templates' output passed 1000 bytes, the most one run may write; the spec declares more than one client can hold, or sections over lists nested in each other multiply what they render"
            )
        }
    }
}
