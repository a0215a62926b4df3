import Foundation
import MusubiClientModel
import MusubiReader
import MusubiTestSupport
import Testing

@testable import MusubiCLI

@Suite struct ConfigurationTests {
    static let complete = """
        spec: api/openapi.yaml
        output: Sources/ShopClient
        module-name: ShopClient
        access-level: package
        templates: templates
        package: ShopKit
        embed-runtime: true
        runtime: {path: ../musubi}
        quiet: true
        warnings-as-errors: true
        filter:
          include:
            tags: [pets, 'store*']
            operations: listPets
            paths: ['/pets/*']
          exclude:
            tags: [internal]
            operations: ['delete?']
            paths: []
        names:
          schemas: {pet_record: Pet}
          properties: {Pet.id: identifier}
          operations: {get-pet: FetchPet}
          enum-cases: {Status.in_progress: running}
        types:
          formats: {decimal: Decimal, uuid: String}
          schemas: {Money: 'MyKit.Money', Tags: '[String: [Int]]'}
        """

    func load(_ text: String, file: String = "conf/musubi.yaml") throws(ConfigurationError) -> Configuration {
        let root: Node
        do {
            root = try Reader.parse(text, fileName: file)
        } catch {
            throw ConfigurationError(diagnostics: [error])
        }
        return try ConfigurationLoader.load(root, file: file)
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try load(text, file: "musubi.yaml")
            Issue.record("expected errors")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try load(Self.complete)
        // Paths are relative to the file's folder.
        #expect(configuration.spec == "conf/api/openapi.yaml")
        #expect(configuration.output == "conf/Sources/ShopClient")
        #expect(configuration.templates == "conf/templates")
        #expect(configuration.moduleName == "ShopClient")
        #expect(configuration.accessLevel == .package)
        #expect(configuration.package == "ShopKit")
        #expect(configuration.embedRuntime == true)
        #expect(configuration.runtimePath == "conf/../musubi")
        #expect(configuration.runtimeURL == nil && configuration.runtimeFrom == nil)
        #expect(configuration.quiet == true)
        #expect(configuration.warningsAsErrors == true)

        let filter = configuration.filter
        #expect(filter.include.tags.map(\.value.pattern) == ["pets", "store*"])
        #expect(filter.include.operations.map(\.value.pattern) == ["listPets"], "a single string is a list of one")
        #expect(filter.include.paths.map(\.value.pattern) == ["/pets/*"])
        #expect(filter.exclude.tags.map(\.value.pattern) == ["internal"])
        #expect(filter.exclude.operations.map(\.value.pattern) == ["delete?"])
        #expect(filter.exclude.paths.isEmpty)
        let tag = try #require(filter.include.tags.last)
        #expect(
            tag.origin
                == SettingOrigin(
                    file: "conf/musubi.yaml", location: .init(line: 13, column: 18), setting: "filter.include.tags"))

        #expect(configuration.names.schemas["pet_record"]?.value == "Pet")
        #expect(configuration.names.schemas["pet_record"]?.origin.location == SourceLocation(line: 21, column: 13))
        #expect(configuration.names.properties["Pet.id"]?.value == "identifier")
        #expect(configuration.names.operations["get-pet"]?.value == "FetchPet")
        #expect(configuration.names.enumCases["Status.in_progress"]?.value == "running")
        #expect(configuration.types.formats.mapValues(\.value) == ["decimal": "Decimal", "uuid": "String"])
        #expect(configuration.types.schemas.mapValues(\.value) == ["Money": "MyKit.Money", "Tags": "[String: [Int]]"])
    }

    @Test func anEmptyFileSetsNothing() throws {
        let configuration = try load("")
        #expect(configuration.spec == nil)
        #expect(configuration.filter.isEmpty)
        #expect(configuration.names.isEmpty && configuration.types.isEmpty)
    }

    @Test func unknownKeysAreErrorsAtTheirPlaceWithASuggestion() {
        #expect(
            errors("spec: a.yaml\noutptu: Sources\nfilter:\n  include:\n    tagz: [a]\n  exlude: {}\nbanana: 1\n") == [
                "musubi.yaml:2:1: error: unknown key 'outptu' (did you mean 'output'?)",
                "musubi.yaml:5:5: error: unknown key 'tagz' in 'filter.include' (did you mean 'tags'?)",
                "musubi.yaml:6:3: error: unknown key 'exlude' in 'filter' (did you mean 'exclude'?)",
                "musubi.yaml:7:1: error: unknown key 'banana'; expected 'spec', 'output', 'module-name', 'access-level', 'file-per-type', 'skip-webhooks', 'templates', 'package', 'embed-runtime', 'runtime', 'quiet', 'warnings-as-errors', 'allow-references-under', 'filter', 'names', 'types' or 'pagination'",
            ])
    }

    @Test func wrongTypesAndBadValuesAreErrors() {
        #expect(
            errors(
                """
                quiet: yes
                access-level: private
                output: [a]
                filter: [tags]
                names:
                  properties: {id: identifier}
                types:
                  formats: {uuid: 'String; import Evil'}
                """) == [
                    "musubi.yaml:1:8: error: expected true or false, found a string",
                    "musubi.yaml:2:15: error: 'private' is not an access level; expected 'public', 'package' or 'internal'",
                    "musubi.yaml:3:9: error: expected a non-empty string, found a sequence",
                    "musubi.yaml:4:9: error: 'filter' must be a mapping, found a sequence",
                    "musubi.yaml:6:16: error: key 'id' in 'names.properties' must have the form 'Type.jsonKey'",
                    "musubi.yaml:8:19: error: 'String; import Evil' is not a Swift type",
                ])
        #expect(
            errors("- a\n- b\n") == ["musubi.yaml:1:1: error: a configuration file must be a mapping, found a sequence"]
        )
        // Matching takes the pattern's length times the text's: a file that came with a spec
        // cannot make it long.
        let long = "*" + String(repeating: "a", count: 300) + "b"
        #expect(
            errors("filter:\n  include:\n    paths: ['\(long)']\n") == [
                "musubi.yaml:3:13: error: a pattern may be at most 256 characters long"
            ])
    }

    /// A type override is spelled into every property of its format, so it must be one type:
    /// a comma or colon outside brackets would declare another property.
    @Test func typeOverridesMustBeOneType() throws {
        func configuration(_ type: String) -> String {
            "types:\n  formats: {uuid: '\(type)'}\n"
        }
        for type in [
            "Int", "Foundation.Decimal", "[String]", "[String: Int]", "Set<String>?", "Dictionary<String, [Int?]>",
            "[[String: [Int]]]?", "Swift.Optional<Int>", "Int??",
        ] {
            #expect(throws: Never.self, "\(type)") { try load(configuration(type)) }
        }
        for text in [
            "Int?, pwned: Int?", "Int: String", "Int, String", "?", "[String", "String]", "Set<String", "A.",
            ".A", "1Int", "Int Int", "[String: Int: Int]", "<Int>", "Int // x", "Int;", "[]", "A<>",
            String(repeating: "[", count: 100) + "Int" + String(repeating: "]", count: 100),
        ] {
            #expect(errors(configuration(text)) == ["musubi.yaml:2:19: error: '\(text)' is not a Swift type"])
        }
    }

    @Test func theCommandLineWinsAndFilterListsReplaceTheFilesPerKey() throws {
        let file = try load(Self.complete)
        let merged = try Settings.merge(
            Settings.CommandLine(
                spec: "other.yaml", output: "Out", moduleName: "Other", accessLevel: .internal, quiet: false,
                filter: OperationFilter(
                    include: .init(tags: [Configured(Glob("admin"), origin: .commandLine("--include-tag"))]))),
            over: file)
        #expect(merged.spec == "other.yaml")
        #expect(merged.output == "Out")
        #expect(merged.templates == "conf/templates")
        #expect(merged.modelOptions.moduleName == "Other")
        #expect(merged.modelOptions.accessLevel == .internal)
        #expect(merged.quiet == false)
        #expect(merged.warningsAsErrors == true)
        #expect(merged.package == "ShopKit")
        #expect(merged.embedRuntime == true)
        #expect(merged.modelOptions.filter.include.tags.map(\.value.pattern) == ["admin"])
        #expect(merged.modelOptions.filter.include.operations.map(\.value.pattern) == ["listPets"])
        #expect(merged.modelOptions.filter.exclude.tags.map(\.value.pattern) == ["internal"])
        #expect(merged.modelOptions.names.schemas["pet_record"]?.value == "Pet")
        #expect(merged.configurationFile == "conf/musubi.yaml")
    }

    @Test func withoutAFileTheDefaultsApply() throws {
        let settings = try Settings.merge(Settings.CommandLine(spec: "a.yaml"), over: nil)
        #expect(settings.modelOptions.accessLevel == .public)
        #expect(settings.output == nil && !settings.quiet && !settings.embedRuntime && !settings.warningsAsErrors)
        #expect(throws: Settings.MissingSpec.self) { try Settings.merge(Settings.CommandLine(), over: nil) }
    }

    @Test func theFileBesideTheSpecIsFound() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("openapi.yaml").path
        #expect(Settings.findConfiguration(besideSpec: spec) == nil)

        try Data("module-name: Found\noutput: Generated\n".utf8).write(
            to: directory.appendingPathComponent("musubi.yml"))
        #expect(Settings.findConfiguration(besideSpec: spec) == directory.appendingPathComponent("musubi.yml").path)
        let settings = try Settings.resolve(Settings.CommandLine(spec: spec))
        #expect(settings.modelOptions.moduleName == "Found")
        #expect(settings.output == directory.appendingPathComponent("Generated").path)

        // `musubi.yaml` is preferred to `musubi.yml`.
        try Data("module-name: Preferred\n".utf8).write(to: directory.appendingPathComponent("musubi.yaml"))
        #expect(try Settings.resolve(Settings.CommandLine(spec: spec)).modelOptions.moduleName == "Preferred")
    }

    @Test func paginationRulesAreReadByOperationId() throws {
        let configuration = try load(
            """
            pagination:
              listReports: {style: cursor, parameter: token, cursor: paging.next, items: results}
              listEvents: {style: offset, parameter: skip, first: 1}
              searchPets: none
            """)
        #expect(
            configuration.pagination.mapValues(\.value) == [
                "listReports": PaginationRule(
                    style: .cursor, parameter: "token", items: "results", cursor: "paging.next"),
                "listEvents": PaginationRule(style: .offset, parameter: "skip", first: 1),
                "searchPets": PaginationRule(style: .none),
            ])
        #expect(
            configuration.pagination["listEvents"]?.origin
                == SettingOrigin(file: "conf/musubi.yaml", location: .init(line: 3, column: 3), setting: "pagination"))
        let merged = try Settings.merge(Settings.CommandLine(spec: "a.yaml"), over: configuration)
        #expect(merged.modelOptions.pagination == configuration.pagination)
    }

    @Test func aPaginationRuleThatIsNotOneIsAnErrorAtIt() {
        #expect(
            errors(
                """
                pagination:
                  a: sideways
                  b: {style: page, first: one}
                  c: {parameter: page}
                  d: {style: link, next: url}
                  e:
                """) == [
                    "musubi.yaml:2:6: error: the pagination rule of 'a' is not one: the style must be one of link, next-link, cursor, offset, page, none",
                    "musubi.yaml:3:6: error: the pagination rule of 'b' is not one: 'first' must be an integer",
                    "musubi.yaml:4:6: error: the pagination rule of 'c' is not one: the rule names no 'style'",
                    "musubi.yaml:5:6: error: the pagination rule of 'd' is not one: unknown key 'next' (expected style, parameter, items, cursor, has-more, first)",
                    "musubi.yaml:6:5: error: the pagination rule of 'e' is not one: expected a style or an object with style, parameter, items, cursor, has-more, first",
                ])
        #expect(
            errors("pagination: [listPets]\n") == [
                "musubi.yaml:1:13: error: 'pagination' must be a mapping, found a sequence"
            ])
    }

    /// The file's rule paginates an operation whose spec does not show how; a rule for an
    /// `operationId` the spec lacks, or one that does not fit, is a warning at its entry.
    @Test func paginationRulesReachTheModelAndMisfitsAreWarningsAtThem() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("openapi.yaml")
        try Data(
            """
            openapi: 3.0.3
            info: {title: Reports, version: '1'}
            paths:
              /reports:
                get:
                  operationId: listReports
                  parameters:
                    - {name: token, in: query, schema: {type: string}}
                  responses:
                    '200':
                      description: A page of reports.
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              results: {type: array, items: {type: string}}
                              paging: {type: object, properties: {next: {type: string}}}
              /logs:
                get:
                  operationId: listLogs
                  responses:
                    '200':
                      description: Logs.
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
            """.utf8
        ).write(to: spec)
        let file = directory.appendingPathComponent("musubi.yaml").path
        try Data(
            """
            pagination:
              listReports: {style: cursor, parameter: token, cursor: paging.next, items: results}
              listLogs: {style: offset, parameter: skip}
              listNothing: link
            """.utf8
        ).write(to: URL(fileURLWithPath: file))
        let settings = try Settings.merge(
            Settings.CommandLine(spec: spec.path), over: try ConfigurationLoader.load(contentsOf: file))
        let (_, model, warnings) = try Pipeline.model(specPath: spec.path, options: settings.modelOptions)
        let paginated = model.requestDecisions.filter { $0.pagination != nil }.map(\.name)
        #expect(paginated == ["ListReports"])
        #expect(
            warnings.map(\.description).sorted() == [
                "\(file):3:3: warning: pagination of GET /logs: the operation has no integer query parameter 'skip'; it is not paginated",
                "\(file):4:3: warning: pagination: 'listNothing' is not an operationId of the spec",
            ])
    }

    @Test func closeMisspellingsAreSuggestedAndFarOnesAreNot() {
        #expect(Suggestion.closest(to: "outptu", among: ConfigurationLoader.topLevelKeys) == "output")
        #expect(Suggestion.closest(to: "modulename", among: ConfigurationLoader.topLevelKeys) == "module-name")
        #expect(Suggestion.closest(to: "x", among: ConfigurationLoader.topLevelKeys) == nil)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }
}

@Suite struct ReferenceRootConfigurationTests {
    func load(_ text: String) throws -> Configuration {
        try ConfigurationLoader.load(try Reader.parse(text, fileName: "conf/musubi.yaml"), file: "conf/musubi.yaml")
    }

    @Test func foldersAreReadRelativeToTheFile() throws {
        #expect(
            try load("allow-references-under: [shared, /abs/specs]\n").referenceRoots == ["conf/shared", "/abs/specs"])
        #expect(try load("allow-references-under: ..\n").referenceRoots == ["conf/.."])
        #expect(try load("quiet: true\n").referenceRoots == [])
    }

    @Test func theCommandLineListReplacesTheFiles() throws {
        let file = try load("allow-references-under: [shared]\n")
        let fromFile = try Settings.merge(Settings.CommandLine(spec: "a.yaml"), over: file)
        #expect(fromFile.referenceRoots == ["conf/shared"])
        #expect(fromFile.documentOptions.referenceRoots == ["conf/shared"])
        let given = try Settings.merge(Settings.CommandLine(spec: "a.yaml", referenceRoots: ["/other"]), over: file)
        #expect(given.referenceRoots == ["/other"])
    }
}
