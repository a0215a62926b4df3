import Foundation
import MusubiReader
import Testing

@testable import MusubiDocument

/// Specs written to hurt: references that reach out of the spec's folder or at things that are
/// not files, response keys that are code, path keys that are no template, repeated keys and
/// deep nesting. Each gives a located diagnostic, never a crash, a hang or a read outside.
@Suite struct DocumentHostileInputTests {
    static let header = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"

    /// A spec whose schema `A` is a reference to `target`.
    static func referring(to target: String) -> String {
        header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '\(target)'}\n"
    }

    // MARK: External references stay inside the spec's folder

    @Test func referencesOutsideTheSpecsFolderAreLocatedErrors() throws {
        let outside = try SpecDirectory(["secret.yaml": "type: string\n"])
        for target in ["/etc/passwd", "/proc/self/status", outside.path + "/secret.yaml", "/tmp"] {
            let directory = try SpecDirectory(["api.yaml": Self.referring(to: target)])
            let diagnostics = directory.failure()
            #expect(diagnostics.count == 1, "\(target): \(diagnostics)")
            let message = try #require(diagnostics.first)
            #expect(message.hasPrefix("api.yaml:6:15: error: reference '\(target)' reaches '"), "\(message)")
            #expect(message.contains("outside the folder of the spec"))
            #expect(message.contains("--allow-references-under"))
            #expect(message.contains("'allow-references-under' in a musubi.yaml given with --config"))
        }
    }

    /// Every reference to a file refused is told why, not only the first.
    @Test func laterReferencesToARefusedFileSayWhy() throws {
        let outside = try SpecDirectory(["secret.yaml": "type: string\n"])
        let target = outside.path + "/secret.yaml"
        let directory = try SpecDirectory([
            "api.yaml": Self.referring(to: target) + "    B: {$ref: '\(target)'}\n"
        ])
        let diagnostics = directory.failure()
        #expect(diagnostics.count == 2, "\(diagnostics)")
        #expect(diagnostics.last?.hasSuffix("could not be read: it is outside the folder of the spec") == true)
    }

    @Test func dotDotOutOfTheTreeIsRefusedWhetherOrNotTheFileExists() throws {
        let directory = try SpecDirectory([
            "specs/api.yaml": Self.referring(to: "../../x.yaml"),
            "specs/ok.yaml": Self.referring(to: "../secret.yaml"),
            "secret.yaml": "type: string\n",
        ])
        for main in ["specs/api.yaml", "specs/ok.yaml"] {
            let message = try #require(directory.failure(main).first)
            #expect(message.contains("error: reference '../"), "\(message)")
            #expect(message.contains("outside the folder of the spec"), "\(message)")
        }
    }

    @Test func aSymbolicLinkInsideTheTreeIsJudgedByWhereItLeads() throws {
        let outside = try SpecDirectory(["secret.yaml": "type: string\n"])
        let directory = try SpecDirectory(["api.yaml": Self.referring(to: "link.yaml")])
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/link.yaml", withDestinationPath: outside.path + "/secret.yaml")
        let message = try #require(directory.failure().first)
        #expect(message.contains("reference 'link.yaml' reaches '"), "\(message)")
        #expect(message.contains("(really '"), "\(message)")
        #expect(message.contains("outside the folder of the spec"))
    }

    @Test func aFolderTheUserNamesMayBeRead() throws {
        let outside = try SpecDirectory(["secret.yaml": "type: string\n"])
        let directory = try SpecDirectory(["api.yaml": Self.referring(to: outside.path + "/secret.yaml")])
        let document = try #require(directory.load(allowing: [outside.path])?.document)
        #expect(document.schema("A")?.referencedName == "secret")
        // A folder that does not exist allows nothing and is no error of its own.
        #expect(directory.failure(allowing: ["/nonexistent-musubi"]).count == 1)
    }

    @Test func referencesWithinTheTreeStillWork() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.referring(to: "./schemas/../schemas/a.yaml"),
            "schemas/a.yaml": "type: string\n",
        ])
        #expect(directory.load()?.warnings.isEmpty == true)
    }

    @Test func thingsThatAreNoRegularFileAreLocatedErrors() throws {
        let directory = try SpecDirectory(["api.yaml": Self.referring(to: "."), "sub/x.yaml": "a: 1\n"])
        #expect(
            directory.failure() == [
                "api.yaml:6:15: error: referenced file '\(directory.path)' could not be read: "
                    + "cannot read file: it is a directory, not a regular file"
            ])
        for target in ["./", "sub", "sub/"] {
            let other = try SpecDirectory(["api.yaml": Self.referring(to: target), "sub/x.yaml": "a: 1\n"])
            #expect(other.failure().first?.contains("it is a directory, not a regular file") == true, "\(target)")
        }
        let fifo = try SpecDirectory(["api.yaml": Self.referring(to: "pipe.yaml")])
        #expect(mkfifo(fifo.path + "/pipe.yaml", 0o600) == 0)
        #expect(
            fifo.failure() == [
                "api.yaml:6:15: error: referenced file 'pipe.yaml' could not be read: cannot read file: it is a named pipe (FIFO), not a regular file"
            ])
        let device = try SpecDirectory(["api.yaml": Self.referring(to: "/dev/zero")])
        #expect(
            device.failure(allowing: ["/dev"]) == [
                "api.yaml:6:15: error: referenced file '/dev/zero' could not be read: cannot read file: it is a character device, not a regular file"
            ])
    }

    @Test func aReferenceWithANULIsRefusedWhole() throws {
        let directory = try SpecDirectory([
            "api.json": """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {},
             "components": {"schemas": {"A": {"$ref": "a.yaml\\u0000.png"}}}}
            """,
            "a.yaml": "type: string\n",
        ])
        #expect(
            directory.failure("api.json") == [
                "api.json:2:43: error: reference 'a.yaml\\0.png' names a file whose path contains a NUL character"
            ])
    }

    // MARK: Response status keys

    @Test func responseKeysThatAreNoStatusAreDroppedWithAWarning() throws {
        let yaml =
            Self.header + """
                paths:
                  /a:
                    get:
                      operationId: a
                      responses:
                        "200": {description: OK}
                        "300 || [0][1] == 0": {description: injected}
                        "2000": {description: four digits}
                        "600": {description: out of range}
                        "099": {description: too small}
                        "6XX": {description: no such class}
                        "2X0": {description: half a range}
                        "4xx": {description: lowercase range}
                        "4XX": {description: the same range again}
                        default: {description: other}
                        x-note: {description: an extension}
                """
        let result = try #require(load(yaml))
        let operation = try #require(result.document.operation("a"))
        #expect(operation.responses.map(\.status) == [.code(200), .range(digit: 4), .default])
        let warnings = result.warnings.map(\.description)
        let notAStatus =
            "is not a status code (three digits from 100 to 599, 1XX to 5XX, or 'default'); the response is ignored"
        #expect(
            warnings == [
                "spec.yaml:9:9: warning: response key '300 || [0][1] == 0' \(notAStatus)",
                "spec.yaml:10:9: warning: response key '2000' \(notAStatus)",
                "spec.yaml:11:9: warning: response key '600' \(notAStatus)",
                "spec.yaml:12:9: warning: response key '099' \(notAStatus)",
                "spec.yaml:13:9: warning: response key '6XX' \(notAStatus)",
                "spec.yaml:14:9: warning: response key '2X0' \(notAStatus)",
                "spec.yaml:16:9: warning: response key '4XX' names the same status as '4xx'; the response is ignored",
            ])
    }

    @Test func swagger2ResponseKeysAreCheckedTheSameWay() throws {
        let yaml = """
            swagger: '2.0'
            info: {title: T, version: '1'}
            paths:
              /a:
                get:
                  operationId: a
                  responses:
                    200: {description: OK}
                    "200 || true": {description: injected}
            """
        let result = try #require(load(yaml))
        #expect(result.document.operation("a")?.responses.map(\.status) == [.code(200)])
        #expect(result.warnings.map(\.location) == [at(9, 9)])
        #expect(result.warnings.first?.message.contains("'200 || true' is not a status code") == true)
    }

    @Test func statusesParseOnlyTheirClosedForms() {
        #expect(ResponseStatus(key: "100") == .code(100))
        #expect(ResponseStatus(key: "599") == .code(599))
        #expect(ResponseStatus(key: "5XX") == .range(digit: 5))
        #expect(ResponseStatus(key: "1xx") == .range(digit: 1))
        #expect(ResponseStatus(key: "Default") == .default)
        for bad in ["", "20", "2000", "600", "000", " 200", "200 ", "+20", "２００", "2XXX", "X00", "defaults", "20\u{0}"]
        {
            #expect(ResponseStatus(key: bad) == nil, "\(bad)")
        }
        #expect(ResponseStatus.range(digit: 2).description == "2XX")
        #expect(ResponseStatus.code(404).description == "404")
    }

    // MARK: Path templates

    @Test func pathKeysThatAreNoTemplateSkipTheirOperationsOnly() throws {
        let keys = ["/a/{id", "/b/{{id}}", "/c/}", "/d/{}", "/e?term={term}", "/f#{frag}", "/g/{a?b}", "/h/{id}\n/x"]
        var yaml = Self.header + "paths:\n"
        for (index, key) in keys.enumerated() {
            yaml +=
                "  \"\(key.replacingOccurrences(of: "\n", with: "\\n"))\":\n    get:\n      operationId: bad\(index)\n"
            yaml += "      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n"
            yaml += "      responses: {200: {description: OK}}\n"
        }
        yaml += "  /ok/{id}:\n    get:\n      operationId: ok\n"
        yaml += "      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n"
        yaml += "      responses: {200: {description: OK}}\n"
        yaml += "  /fixed?beta=true:\n    get:\n      operationId: fixed\n      responses: {200: {description: OK}}\n"
        let result = try #require(load(yaml))
        #expect(result.document.operations.map(\.operationID) == ["ok", "fixed"])
        let warnings = result.warnings.map(\.description)
        #expect(warnings.count == keys.count)
        #expect(
            warnings.first
                == "spec.yaml:4:3: warning: path '/a/{id' is not a valid path template (a '{' that is never closed); its operations are skipped"
        )
        #expect(warnings.allSatisfy { $0.contains("is not a valid path template") })
        #expect(warnings[1].contains("(a '{' inside another)"))
        #expect(warnings[2].contains("(a '}' without a '{' before it)"))
        #expect(warnings[3].contains("(an empty '{}')"))
        #expect(warnings[4].contains("(a template expression after '?'; only the path may have them)"))
        #expect(warnings[5].contains("(a template expression after '#'; only the path may have them)"))
        #expect(warnings[6].contains("(a '?' inside a template expression)"))
        #expect(warnings[7].contains("(it contains a line break or a control character)"))
    }

    @Test func swagger2PathKeysAreCheckedTheSameWay() throws {
        let yaml = """
            swagger: '2.0'
            info: {title: T, version: '1'}
            paths:
              /a/{id:
                get:
                  operationId: bad
                  responses: {200: {description: OK}}
              /b:
                get:
                  operationId: good
                  responses: {200: {description: OK}}
            """
        let result = try #require(load(yaml))
        #expect(result.document.operations.map(\.operationID) == ["good"])
        #expect(result.warnings.map(\.location) == [at(4, 3)])
    }

    // MARK: Repeated keys and nesting

    @Test func repeatedKeysReachTheDocumentsWarnings() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + "paths: {}\npaths: {}\ncomponents: {schemas: {A: {$ref: 'a.json'}}}\n",
            "a.json": "{\"type\": \"string\", \"type\": \"integer\"}",
        ])
        let result = try #require(directory.load())
        #expect(
            directory.relative(result.warnings) == [
                "api.yaml:4:1: warning: duplicate key 'paths' in a mapping: it is also at line 3, column 1; "
                    + "the first value is used and this one is ignored",
                "a.json:1:20: warning: duplicate key 'type' in a mapping: it is also at line 1, column 2; "
                    + "the first value is used and this one is ignored",
            ])
        #expect(result.document.schema("a")?.types == ["string"])
    }

    @Test func nestingUpToTheReadersLimitLoadsWithoutExhaustingTheStack() throws {
        // Each level of schema nesting is two levels of mappings (`properties`, then the name).
        let levels = Reader.maximumNestingDepth / 2 - 4
        var schema = "{type: string}"
        for _ in 0..<levels { schema = "{type: object, properties: {p: \(schema)}}" }
        let result = try #require(load(Self.header + "paths: {}\ncomponents:\n  schemas:\n    Deep: \(schema)\n"))
        var depth = 0
        var current = result.document.schema("Deep")
        while let next = current?.property("p") {
            depth += 1
            current = next
        }
        #expect(depth == levels)
    }

    /// `properties: {$ref: …}` read as the mapping it refers to (DigitalOcean) must not loop on
    /// a mapping that leads back to itself, nor recurse without bound down a chain of them.
    @Test func propertiesWrittenAsReferencesEndOnCyclesAndLongChains() throws {
        let cyclic = try #require(
            load(
                Self.header + """
                    paths: {}
                    components:
                      schemas:
                        A:
                          properties: {$ref: '#/x-props'}
                    x-props:
                      child:
                        properties: {$ref: '#/x-props'}
                      name: {type: string}
                    """))
        let a = try #require(cyclic.document.schema("A"))
        #expect(a.properties.map(\.name) == ["child", "name"])
        #expect(a.property("child")?.properties.isEmpty == true)
        #expect(cyclic.warnings.map(\.description).contains { $0.contains("refers to itself through '#/x-props'") })

        let links = 2_000
        var text = Self.header + "paths: {}\ncomponents:\n  schemas:\n    Start: {properties: {$ref: '#/x-0'}}\n"
        for index in 0..<links {
            text += "x-\(index): {p\(index): {properties: {$ref: '#/x-\(index + 1)'}}}\n"
        }
        text += "x-\(links): {end: {type: string}}\n"
        let chain = try #require(load(text))
        var depth = 0
        var current = chain.document.schema("Start")
        while let next = current?.properties.first?.schema {
            depth += 1
            current = next
        }
        #expect(depth == SchemaLoader.maximumPropertiesReferenceDepth)
        #expect(chain.warnings.map(\.description).contains { $0.contains("lead more than 32 deep") })
    }

    /// A reference to a schema that is not a named one is read where it points, as part of the
    /// schema that refers to it: a chain of thousands of them (`#/x/0` an array of `#/x/1`, …)
    /// crashed the generator with a stack overflow. Read as deep as the reader lets a file
    /// nest schemas, then a located warning and a free-form value.
    @Test func chainsOfReferencesToUnnamedSchemasStopAtTheNestingLimit() throws {
        let links = 4_000
        var text = Self.header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/x/0'}\nx:\n"
        for index in 0..<links { text += "  - {type: array, items: {$ref: '#/x/\(index + 1)'}}\n" }
        text += "  - {type: string}\n"
        let result = try #require(load(text))
        var depth = 0
        var current = result.document.schema("A")
        while let next = current?.items {
            depth += 1
            current = next
        }
        #expect(depth > 100 && depth < SchemaLoader.maximumSchemaDepth)
        #expect(result.warnings.map(\.description).contains { $0.contains("deeper than 512 levels") })
    }

    /// A callback that one `$ref` shares between operations is events of each: a small spec
    /// could make millions. Past the limit the rest are left out, with one warning.
    @Test func callbacksSharedByManyOperationsStopAtTheLimit() throws {
        let paths = (0..<100).map { "      '{$request.body#/u\($0)}': {post: {responses: {'200': {description: OK}}}}" }
        var text = Self.header + "components:\n  callbacks:\n    C:\n" + paths.joined(separator: "\n") + "\npaths:\n"
        for index in 0..<(OperationsLoader.maximumCallbackEvents / 100 + 5) {
            text += "  /p\(index):\n    post:\n      responses: {'200': {description: OK}}\n"
            text += "      callbacks: {cb: {$ref: '#/components/callbacks/C'}}\n"
        }
        let result = try #require(load(text))
        #expect(result.document.webhooks.count == OperationsLoader.maximumCallbackEvents)
        let warnings = result.warnings.filter { $0.message.contains("callbacks are more than") }
        #expect(warnings.count == 1, "\(warnings)")
    }

    /// `$ref: ""` and `$ref: "#"` name the OpenAPI document itself, which is no schema: a
    /// warning at each, and a free-form value, rather than the document read as one in silence.
    @Test func aReferenceToTheWholeDocumentIsAWarning() throws {
        let result = try #require(
            load(Self.header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: ''}\n    B: {$ref: '#'}\n"))
        #expect(
            result.warnings.map(\.description) == [
                #"spec.yaml:6:15: warning: '$ref: ""' refers to the whole document, which is no schema; it is generated as a free-form value"#,
                ##"spec.yaml:7:15: warning: '$ref: "#"' refers to the whole document, which is no schema; it is generated as a free-form value"##,
            ])
        #expect(result.document.schema("A")?.properties.isEmpty == true)
    }

    // MARK: The spec's budget

    /// `{"type":"string","x-a":[0,0,…]}`: 3 + `count` nodes, item `k` at column 25 + 2k.
    static func padded(_ count: Int) -> String {
        "{\"type\":\"string\",\"x-a\":[" + Array(repeating: "0", count: count).joined(separator: ",") + "]}"
    }

    @Test func theFilesOfOneSpecShareOneBudget() throws {
        let main =
            Self.header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: a.json}\n    B: {$ref: b.json}\n"
            + "    C: {$ref: c.json}\n"
        let directory = try SpecDirectory([
            "api.yaml": main, "a.json": Self.padded(500), "b.json": Self.padded(500), "c.json": Self.padded(500),
        ])
        var budget = Reader.Budget()
        _ = try Reader.read(main, fileName: "api.yaml", budget: &budget)
        let total = budget.nodes + 3 * 503
        let path = directory.path + "/api.yaml"

        // Just enough for all three files; each alone is far from the limit.
        let loaded = try DocumentLoader.load(
            contentsOf: path, options: .init(budget: Reader.Budget(maximumNodes: total)))
        #expect(loaded.document.schema("A") != nil)

        do {
            _ = try DocumentLoader.load(
                contentsOf: path, options: .init(budget: Reader.Budget(maximumNodes: total - 1)))
            Issue.record("expected the spec to be past the budget")
        } catch {
            #expect(
                directory.relative(error.diagnostics) == [
                    "c.json:1:\(25 + 2 * 499): error: the spec and the files it references hold more than \(total - 1) "
                        + "nodes, YAML aliases expanded; a spec this size is refused",
                    "api.yaml:8:15: error: referenced file 'c.json' could not be read",
                ])
        }
    }

    /// A response declared once with many media types and used by many operations is read once
    /// and shared, but every later stage reads each operation's own: past 200 000 media
    /// types, headers and encodings held by the operations in all, the spec is refused at the
    /// use that went over, not worked through for minutes.
    @Test func sharedResponsesHoldABoundedNumberOfMediaTypes() throws {
        let types = (0..<500).map { "'application/x-t\($0)+json': {schema: {type: string}}" }.joined(separator: ", ")
        let operations = (0...400).map {
            "  /a\($0): {get: {operationId: a\($0), responses: {'200': {$ref: '#/components/responses/R'}}}}"
        }
        let spec =
            Self.header + "paths:\n" + operations.joined(separator: "\n")
            + "\ncomponents:\n  responses:\n    R: {description: ok, content: {\(types)}}\n"
        let errors = loadFailure(spec).filter { $0.severity == .error }.map(\.description)
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix(
                "spec.yaml:404:55: error: the operations of this spec hold more than 200000 media types, headers and encodings"
            ) == true, "\(errors)")
    }

    /// A path item `$ref`'d by many paths gives each of their operations the item's
    /// parameters: past 200 000 parameters held by the operations in all, each shared one
    /// counted per operation, the spec is refused at the path that went over, in OpenAPI 3 and
    /// Swagger 2.0 alike.
    @Test(arguments: [
        (header, "{name: p%d, in: query, schema: {type: integer}}"),
        ("swagger: '2.0'\ninfo: {title: T, version: '1'}\n", "{name: p%d, in: query, type: integer}"),
    ])
    func sharedPathItemsHoldABoundedNumberOfParameters(header: String, parameter: String) throws {
        let parameters = (0..<500).map { parameter.replacingOccurrences(of: "%d", with: "\($0)") }
        let uses = PathWalker.maximumParameterUses / parameters.count
        let spec =
            header + "paths:\n"
            + "  /a0: {parameters: [\(parameters.joined(separator: ", "))], "
            + "get: {responses: {'204': {description: ok}}}}\n"
            + (1...uses).map { "  /a\($0): {$ref: '#/paths/~1a0'}\n" }.joined()
        let errors = loadFailure(spec).filter { $0.severity == .error }.map(\.description)
        #expect(
            errors == [
                "spec.yaml:\(4 + uses):3: error: the operations of this spec hold more than 200000 parameters, "
                    + "counting each shared one (a path item's, or a '$ref'd path item's) for every operation"
            ])
    }

    /// A path item's servers are read once for every path that `$ref`s it, so that the client
    /// model keys each server once however many operations hold it (a variable of thousands of
    /// values under thousands of paths).
    @Test func sharedPathItemsShareTheirServers() throws {
        let spec =
            Self.header + "paths:\n"
            + "  /a0: {servers: [{url: 'https://{v}.example.com', variables: {v: {default: a, enum: [a, b]}}}], "
            + "get: {responses: {'204': {description: ok}}}}\n"
            + "  /a1: {$ref: '#/paths/~1a0'}\n  /a2: {$ref: '#/paths/~1a0'}\n"
            + "  /b: {servers: [{url: 'https://{v}.example.com', variables: {v: {default: a, enum: [a, b]}}}], "
            + "get: {responses: {'204': {description: ok}}}}\n"
        let operations = try #require(load(spec)).document.operations
        let identities = operations.map { $0.servers.first?.identity }
        #expect(identities[0] != 0 && identities[0] == identities[1] && identities[1] == identities[2])
        #expect(identities[3] != identities[0])
    }

    /// Each name of a path template missing its path parameter takes the first parameter of its
    /// loose spelling, found by that spelling rather than by a pass over the parameters for
    /// each name (20 000 names in one path took 15 s).
    @Test func templateNamesFindTheirParametersByLooseName() throws {
        let count = 2_000
        let names = (0..<count).map { "{p\($0)_id}" }.joined(separator: "/")
        let parameters = (0..<count).reversed().map { "{name: P\($0)Id, in: query, schema: {type: string}}" }
        let spec =
            // An explicit key: YAML's implicit ones are at most 1 024 characters.
            Self.header + "paths:\n  ? '/\(names)'\n  : get:\n"
            + "      parameters: [{name: p0-ID, in: header, schema: {type: string}}, \(parameters.joined(separator: ", "))]\n"
            + "      responses: {'204': {description: ok}}\n"
        let operation = try #require(load(spec)?.document.operations.first)
        #expect(operation.parameters.count == count + 1)
        // `p0-ID` comes first, so it is `{p0_id}`; `P0Id` stays a query parameter.
        #expect(operation.parameters.dropLast().allSatisfy { $0.location == .path && $0.required })
        #expect(operation.parameters.first?.name == "p0_id")
        #expect(operation.parameters.last.map { [$0.name, $0.location.rawValue] } == ["P0Id", "query"])
        #expect(operation.parameters[1].name == "p1999_id")
    }

    // MARK: Long names shared by many places

    /// A query, header or cookie parameter named with more than
    /// ``OperationsLoader/maximumParameterNameLength`` bytes is left out with a warning that
    /// quotes the name cut: each request spelled the name again (a megabyte, shared by 50
    /// operations, wrote hundreds of megabytes). A path parameter's name is the template's.
    @Test func aParameterNameLongerThanAnyServerTakesIsLeftOut() throws {
        let long = String(repeating: "aB", count: 1_000)
        var paths: [String: Any] = [:]
        for index in 0..<3 {
            paths["/p\(index)/{\(long)}"] = [
                "get": [
                    "parameters": [
                        ["$ref": "#/components/parameters/Q"],
                        ["name": long, "in": "path", "required": true, "schema": ["type": "string"]],
                    ],
                    "responses": ["200": ["description": "ok"]],
                ]
            ]
        }
        let result = try #require(
            load(
                Self.json([
                    "openapi": "3.0.3", "info": ["title": "T", "version": "1"], "paths": paths,
                    "components": [
                        "parameters": ["Q": ["name": long + "x", "in": "query", "schema": ["type": "string"]]]
                    ],
                ]), file: "spec.json"))
        #expect(result.document.operations.count == 3)
        for operation in result.document.operations {
            #expect(operation.parameters.map(\.location) == [.path])
        }
        let warnings = result.warnings.map(\.description)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.allSatisfy { $0.contains("has a name of 2001 bytes") && $0.utf8.count < 400 })
    }

    /// `object` as JSON text, its keys sorted.
    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Warnings about each of many unknown keys of an object named by a long path quote the
    /// path cut once, not whole for each key (a path of 400 KB with 20 000 unknown keys took
    /// minutes).
    @Test func warningsAboutManyKeysQuoteALongPathCut() throws {
        let path = "/" + String(repeating: "segment/", count: 5_000)
        var item: [String: Any] = ["get": ["responses": ["200": ["description": "ok"]]]]
        for index in 0..<200 { item["k\(index)"] = 1 }
        let result = try #require(
            load(
                Self.json(["openapi": "3.0.3", "info": ["title": "T", "version": "1"], "paths": [path: item]]),
                file: "spec.json"))
        let unknown = result.warnings.filter { $0.message.hasPrefix("unknown field") }
        #expect(unknown.count == 200)
        #expect(unknown.allSatisfy { $0.message.utf8.count < 600 && $0.message.contains("bytes)…") })
    }

    /// Percent-escapes in a `$ref` decode to text no reader checked: a run of more than 30
    /// combining marks there is refused as it is in a key (comparing and hashing it took time
    /// quadratic in its length: 480 KB, 21 s), in a pointer and in a file's path.
    @Test func escapedRunsOfCombiningMarksInReferencesAreRefused() throws {
        let marks = String(repeating: "%CC%81%CC%96", count: 20)
        let pointer = loadFailure(Self.referring(to: "#/components/schemas/a\(marks)"))
        #expect(pointer.count == 1)
        #expect(pointer.first?.location?.line == 6)
        #expect(pointer.first?.message.hasSuffix("is not a valid JSON pointer") == true, "\(pointer)")
        let directory = try SpecDirectory(["api.yaml": Self.referring(to: "x\(marks).yaml")])
        let diagnostics = directory.failure()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.contains("more than 30 combining marks in a row") == true, "\(diagnostics)")
    }
}
