import Testing

@testable import MusubiClientModel

/// What the doc comments of properties and request parameters say beyond the description.
@Suite struct DocumentationCommentTests {
    /// OpenAI writes `temperature` as `anyOf: [{type: number, description, default: 1},
    /// {type: 'null'}]`: the description and default of the non-null branch are the property's.
    @Test func aNullableSpellingKeepsItsBranchsDescriptionAndDefault() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Sampling:
                          type: object
                          properties:
                            temperature:
                              anyOf:
                                - {type: number, description: What sampling temperature to use., default: 1}
                                - {type: 'null'}
                            documented:
                              description: The wrapper's own words win.
                              oneOf:
                                - {type: string, description: The branch's words.}
                                - {type: 'null'}
                    """, version: "3.1.0"))
        ).model
        let settings = try #require(model.model("Sampling"))
        #expect(
            settings.properties.map(\.docLines) == [
                ["/// What sampling temperature to use.", "///", "/// Defaults to `1`."],
                ["/// The wrapper's own words win."],
            ])
        #expect(settings.propertySignatures == ["temperature: Double?", "documented: String?"])
    }

    /// A component schema that is a nullable spelling of an inline enum or struct is that type
    /// under the schema's name (OpenAI's `ServiceTier`, not an alias of `ServiceTierValue`), and
    /// one that stays an alias keeps its branch's description (OpenAI's `Metadata`).
    @Test func aNullableComponentIsItsBranchUnderItsName() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        ServiceTier:
                          anyOf:
                            - {type: string, enum: [auto, flex], description: How the request is processed.}
                            - {type: 'null'}
                        Metadata:
                          anyOf:
                            - {type: object, additionalProperties: {type: string}, description: Pairs to attach.}
                            - {type: 'null'}
                        Options:
                          type: object
                          properties:
                            tier: {$ref: '#/components/schemas/ServiceTier'}
                            metadata: {$ref: '#/components/schemas/Metadata'}
                    """, version: "3.1.0"))
        ).model
        let tier = try #require(model.model("ServiceTier"))
        #expect(tier.kind == .enum)
        #expect(tier.docLines == ["/// How the request is processed."])
        #expect(model.models.map(\.name).sorted() == ["Metadata", "Options", "ServiceTier"])
        let metadata = try #require(model.model("Metadata"))
        #expect(metadata.aliasedType == "[String: String]")
        #expect(metadata.docLines == ["/// Pairs to attach."])
        #expect(
            try #require(model.model("Options")).propertySignatures == ["tier: ServiceTier?", "metadata: Metadata?"])
    }

    /// A title that is only a name (Stripe's `branding_settings_specs`) says nothing the type
    /// does not; a default the description states already is not said twice, and a number in
    /// a longer one (`1` beside "defaults to 10") is not taken for it.
    @Test func namesAsTitlesAndStatedDefaultsAreLeftOut() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        AccountSettings:
                          title: account_settings
                          description: How the account works.
                          type: object
                          properties:
                            branding:
                              title: branding_settings_specs
                              type: object
                              properties: {icon: {type: string}}
                            quality: {type: string, default: auto, description: 'Quality. Defaults to `auto`.'}
                            partials: {type: integer, default: 0, description: 'From 0 (default value) to 3.'}
                            retries: {type: integer, default: 1, description: 'How often; defaults to 10 elsewhere.'}
                            mode: {type: string, title: Rendering mode, default: fast}
                    """))
        ).model
        let settings = try #require(model.model("AccountSettings"))
        #expect(settings.docLines == ["/// How the account works."])
        #expect(
            settings.properties.map(\.docLines) == [
                [],
                ["/// Quality. Defaults to `auto`."],
                ["/// From 0 (default value) to 3."],
                ["/// How often; defaults to 10 elsewhere.", "///", "/// Defaults to `1`."],
                ["/// Rendering mode", "///", "/// Defaults to `fast`."],
            ])
    }

    /// A parameter's default is the server's when the parameter is not sent: the doc says so.
    @Test func parameterDefaultsAreDocumented() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /issues:
                    get:
                      operationId: listIssues
                      parameters:
                        - {name: per_page, in: query, description: Results per page (max 100)., schema: {type: integer, default: 30}}
                        - {name: state, in: query, schema: {type: string, enum: [open, closed], default: open}}
                        - {name: q, in: query, schema: {type: string, default: "a`b"}}
                        - {name: note, in: query, schema: {type: string, default: ''}}
                      responses:
                        '204': {description: none}
                """)
        ).model
        let list = try #require(model.request("ListIssues"))
        #expect(
            list.properties.map(\.docLines) == [
                ["/// Results per page (max 100).", "///", "/// Defaults to `30`."],
                ["/// Defaults to `open`."],
                // A default that would break the code span is left out.
                [],
                // The empty string as Swift writes it, not an empty code span.
                [#"/// Defaults to `""`."#],
            ])
        #expect(model.requestDecisions.first?.parameters.map(\.defaultValue) == ["30", "open", nil, #""""#])
    }

    /// OpenAI documents some parameters only in their schemas (`admin-api-keys-list`'s
    /// `after`, `order`, `limit`): the property a caller sets has that description, a
    /// nullable spelling's from its branch; the parameter's own description wins.
    @Test func aParameterDocumentedInItsSchemaKeepsTheDescription() throws {
        let model = try #require(
            build(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths:
                  /keys:
                    get:
                      operationId: listKeys
                      parameters:
                        - {name: after, in: query, schema: {type: string, description: Keys after this ID.}}
                        - name: order
                          in: query
                          schema: {type: string, enum: [asc, desc], default: asc, description: Order by creation time.}
                        - name: limit
                          in: query
                          schema:
                            anyOf:
                              - {type: integer, description: Keys to return., default: 20}
                              - {type: 'null'}
                        - {name: q, in: query, description: The parameter's words., schema: {type: string, description: The schema's.}}
                      responses:
                        '204': {description: none}
                """)
        ).model
        let list = try #require(model.request("ListKeys"))
        #expect(
            list.properties.map(\.docLines) == [
                ["/// Keys after this ID."],
                ["/// Order by creation time.", "///", "/// Defaults to `asc`."],
                ["/// Keys to return.", "///", "/// Defaults to `20`."],
                ["/// The parameter's words."],
            ])
    }
}

/// One description a spec shares between thousands of operations is copied into each of their
/// doc comments: a paragraph past the limit is cut at a line break, and says so.
@Suite struct LongDescriptionTests {
    @Test func aParagraphPastTheLimitIsCutAtALineBreak() {
        let line = String(repeating: "é", count: 99) + "\n"
        let text = String(repeating: line, count: 200)
        let lines = SwiftSourceText.docLines([text])
        let shown = lines.filter { $0.hasPrefix("/// é") }
        #expect(shown.count == SwiftSourceText.maximumDocumentedLength / line.utf8.count)
        #expect(lines.last == "/// (The rest of this description is in the spec.)")
        #expect(SwiftSourceText.docLines([line]) == ["/// " + String(repeating: "é", count: 99)])
        // No line break to cut at: the cut falls between characters.
        let unbroken = SwiftSourceText.docLines([String(repeating: "名", count: 10_000)])
        #expect(unbroken.first?.hasSuffix("名") == true)
    }

    /// Only what the doc comment shows of a description is looked at for the default it
    /// states: one said past the cut is said again, and a shared megabyte of prose is not read
    /// whole for each parameter that has it.
    @Test func aDefaultSaidPastTheCutIsSaidAgain() {
        let words = String(repeating: "No default here, only words.\n", count: 1_000)
        #expect(!SwiftSourceText.says(words + "Defaults to `7`.", theDefault: "7"))
        #expect(SwiftSourceText.says("Defaults to `7`.\n" + words, theDefault: "7"))
    }
}

/// Spec prose written in HTML (AWS, Azure, Stripe's older descriptions) reads as the Markdown
/// a doc comment renders; Markdown with angle brackets of its own is left alone.
@Suite struct HTMLProseTests {
    @Test(arguments: [
        (
            "<p>Returns an object.</p> <p>See <a href=\"https://example.com/x\">the guide</a>.</p>",
            "\n\nReturns an object.\n\n\n\nSee [the guide](https://example.com/x).\n\n"
        ),
        (
            "<p>Related:</p> <ul> <li> <p> <a>ListBuckets</a> </p> </li> <li> <p> <code>GetObject</code> </p> </li> </ul>",
            "\n\nRelated:\n\n\n\n\n- ListBuckets \n- `GetObject` \n\n"
        ),
        ("A <b>bold</b> &amp; <i>tidy</i> line.<br>Next", "A **bold** & *tidy* line.\nNext"),
        // A relative link keeps its text only.
        ("<p>With <a href=\"/docs/connect\">Connect</a>.</p>", "\n\nWith Connect.\n\n"),
        // No closing block tag: prose that mentions tags or placeholders is Markdown.
        ("Send `refs/heads/<branch name>` as <token>.", "Send `refs/heads/<branch name>` as <token>."),
        // Code spans and table rows keep their tags.
        ("Example: `<p>body</p>`. <br>Then", "Example: `<p>body</p>`. \nThen"),
        ("| a | b<br />c |\n<p>x</p>", "| a | b<br />c |\n\n\nx\n\n"),
        // A `<` that opens no tag it knows, or no tag at all, is text.
        ("<p>1 < 2 and <foo> and <a href=\"x\"</p>", "\n\n1 < 2 and <foo> and <a href=\"x\"\n\n"),
        // Code with backticks in it gets a longer fence, and the tags after it are still read
        // (SQS's punctuation list); an ordered list's items are numbered.
        ("<p>(<code>&lt;a`b&gt;</code>)</p> <p>x</p>", "\n\n(``<a`b>``)\n\n\n\nx\n\n"),
        ("<ol><li>one</li><li>two</li></ol> <ul><li>three</li></ul>", "\n\n\n1. one\n2. two\n\n\n\n\n- three\n\n"),
        ("<p><code>open</p>", "\n\n`open</p>"),
    ])
    func htmlBecomesMarkdown(html: String, markdown: String) {
        #expect(HTMLProse.markdown(html) == markdown)
    }

    @Test func aDocCommentOfHTMLProseReadsAsParagraphsAndLists() {
        let lines = SwiftSourceText.docLines([
            "<p>Lists the objects.</p> <ul> <li> <p> <code>prefix</code> </p> </li> <li> <p>delimiter</p> </li> </ul>"
        ])
        #expect(lines == ["/// Lists the objects.", "///", "/// - `prefix`", "/// - delimiter"])
    }
}
