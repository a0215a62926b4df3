import MusubiReader
import Testing

@testable import MusubiDocument

/// Parameter serialization is settled at load: `style`, `explode` and `allowReserved` with the
/// specification's per-location defaults, and located warnings for what it does not allow.
@Suite struct ParameterStyleTests {
    /// A parameter in `location` with the given extra fields, alone in an operation whose
    /// path has a `{v}` for a path parameter to fill.
    static func spec(_ location: Parameter.Location, _ fields: String) -> String {
        let name = location == .header ? "X-V" : "v"
        let required = location == .path ? ", required: true" : ""
        return """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /x/{v}:
                parameters:
                  - {name: v, in: path, required: true, schema: {type: string}}
                get:
                  operationId: op
                  parameters:
                    - {name: \(name), in: \(location.rawValue)\(required), schema: {type: array, items: {type: string}}\(fields)}
                  responses: {'204': {description: none}}
            """
    }

    /// The loaded parameter of ``spec(_:_:)``, with the load's warnings.
    static func parameter(
        _ location: Parameter.Location, _ fields: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (Parameter, [String]) {
        let result = try #require(load(spec(location, fields), sourceLocation: sourceLocation))
        let operation = try #require(result.document.operation("op"), sourceLocation: sourceLocation)
        let parameter = try #require(
            operation.parameters.first { $0.location == location }, sourceLocation: sourceLocation)
        return (parameter, result.warnings.map(\.description))
    }

    @Test func defaultsPerLocation() {
        #expect(ParameterStyle.defaultStyle(in: .query) == .form)
        #expect(ParameterStyle.defaultStyle(in: .cookie) == .form)
        #expect(ParameterStyle.defaultStyle(in: .path) == .simple)
        #expect(ParameterStyle.defaultStyle(in: .header) == .simple)
        #expect(ParameterStyle.allCases.filter(\.explodesByDefault) == [.form])
    }

    @Test(arguments: [Parameter.Location.path, .query, .header, .cookie])
    func unwrittenStyleIsTheLocationsDefault(location: Parameter.Location) throws {
        let (parameter, warnings) = try Self.parameter(location, "")
        let expected: ParameterStyle = location == .query || location == .cookie ? .form : .simple
        #expect(parameter.style == expected)
        #expect(parameter.explode == (expected == .form))
        #expect(!parameter.allowReserved)
        #expect(warnings.isEmpty)
    }

    /// Every style in every location: kept where the specification's table allows it, else
    /// the location's default with a warning at the `style` value.
    @Test(arguments: [Parameter.Location.path, .query, .header, .cookie], ParameterStyle.allCases)
    func everyStyleInEveryLocation(location: Parameter.Location, style: ParameterStyle) throws {
        let (parameter, warnings) = try Self.parameter(location, ", style: \(style)")
        let allowed: Set<ParameterStyle> =
            switch location {
            case .path: [.matrix, .label, .simple]
            case .query: [.form, .spaceDelimited, .pipeDelimited, .deepObject]
            case .header: [.simple]
            case .cookie: [.form]
            }
        if allowed.contains(style) {
            #expect(parameter.style == style)
            #expect(parameter.explode == (style == .form))
            #expect(warnings.isEmpty)
        } else {
            let fallback = ParameterStyle.defaultStyle(in: location)
            #expect(parameter.style == fallback)
            #expect(parameter.explode == (fallback == .form))
            // The parameter is on line 10; its `style` value is where the warning points.
            let line = Self.spec(location, ", style: \(style)").split(
                separator: "\n", omittingEmptySubsequences: false)[9]
            let column = try #require(line.firstRange(of: "style: ")).upperBound.utf16Offset(in: line) + 1
            let name = location == .header ? "X-V" : "v"
            #expect(
                warnings == [
                    "spec.yaml:10:\(column): warning: style '\(style)' is not defined for \(location.rawValue) "
                        + "parameters ('\(name)'); it is sent in \(fallback) style"
                ])
        }
    }

    @Test func aStyleOutsideItsLocationIsReportedWhereItIsWritten() throws {
        let (parameter, warnings) = try Self.parameter(.header, ", style: form")
        #expect(parameter.style == .simple)
        #expect(!parameter.explode)
        #expect(
            warnings == [
                "spec.yaml:10:88: warning: style 'form' is not defined for header parameters ('X-V'); it is sent in simple style"
            ])
    }

    @Test func anUnknownStyleFallsBackToTheDefault() throws {
        let (parameter, warnings) = try Self.parameter(.query, ", style: commaSeparated")
        #expect(parameter.style == .form)
        #expect(parameter.explode)
        #expect(
            warnings == [
                "spec.yaml:10:85: warning: style 'commaSeparated' is not an OpenAPI style ('v'); it is sent in form style"
            ])
    }

    @Test func writtenExplodeWins() throws {
        #expect(try Self.parameter(.query, ", explode: false").0.explode == false)
        #expect(try Self.parameter(.path, ", style: label, explode: true").0.explode == true)
        #expect(try Self.parameter(.header, ", explode: true").0.explode == true)
    }

    @Test func wrongTypedExplodeAndAllowReservedAreReportedAndDefaulted() throws {
        let (parameter, warnings) = try Self.parameter(.query, ", explode: [yes], allowReserved: 3")
        #expect(parameter.explode)
        #expect(!parameter.allowReserved)
        #expect(
            warnings == [
                "spec.yaml:10:87: warning: 'explode' should be a boolean, found a sequence",
                "spec.yaml:10:109: warning: 'allowReserved' should be a boolean, found a number",
            ])
    }

    @Test func allowReservedIsForQueryParametersOnly() throws {
        #expect(try Self.parameter(.query, ", allowReserved: true").0.allowReserved)
        let (parameter, warnings) = try Self.parameter(.header, ", allowReserved: true")
        #expect(!parameter.allowReserved)
        #expect(
            warnings == [
                "spec.yaml:10:96: warning: 'allowReserved' applies to query parameters only ('X-V' is a header parameter); it is ignored"
            ])
    }

    /// An Encoding Object of a form body names a style the form writer knows, or none.
    @Test func encodingStylesAreChecked() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /x:
                    post:
                      operationId: op
                      requestBody:
                        content:
                          application/x-www-form-urlencoded:
                            schema: {type: object}
                            encoding:
                              a: {style: deepObject, explode: true}
                              b: {style: matrix}
                              c: {style: tabs}
                              d: {explode: false}
                      responses: {'204': {description: none}}
                """))
        let encoding = try #require(result.document.operation("op")?.requestBody?.content.first?.encoding)
        #expect(encoding.map(\.style) == [.deepObject, nil, nil, nil])
        #expect(encoding.map(\.explode) == [true, nil, nil, false])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:13:26: warning: style 'matrix' is not defined for form fields ('b'); it is sent in form style",
                "spec.yaml:14:26: warning: style 'tabs' is not an OpenAPI style ('c'); it is sent in form style",
            ])
    }

    /// Swagger 2.0's `collectionFormat` of an array, in each location, as a 3.x style.
    @Test(arguments: [
        ("query", "", ParameterStyle.form, false),
        ("query", "csv", .form, false),
        ("query", "multi", .form, true),
        ("query", "ssv", .spaceDelimited, false),
        ("query", "pipes", .pipeDelimited, false),
        ("query", "tsv", .form, false),
        ("path", "", .simple, false),
        ("path", "csv", .simple, false),
        ("path", "pipes", .simple, false),
        ("header", "", .simple, false),
        ("header", "ssv", .simple, false),
    ])
    func collectionFormatMapsOntoAStyle(place: String, format: String, style: ParameterStyle, explode: Bool) throws {
        let formatField = format.isEmpty ? "" : ", collectionFormat: \(format)"
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /a/{v}:
                    get:
                      operationId: a
                      parameters:
                        - {name: \(place == "path" ? "v" : "w"), in: \(place), required: true, type: array, items: {type: string}\(formatField)}
                        - {name: v, in: path, required: true, type: string}
                      responses: {200: {description: OK}}
                """))
        let parameter = try #require(result.document.operation("a")?.parameters.first)
        #expect(parameter.style == style)
        #expect(parameter.explode == explode)
        let mapsDirectly = ["", "csv"].contains(format) || place == "query" && format != "tsv"
        #expect(result.warnings.isEmpty == mapsDirectly)
    }

    /// A non-array Swagger 2.0 parameter has no `collectionFormat`: the location's default.
    @Test func swagger2ScalarsTakeTheLocationsDefault() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /a/{p}:
                    get:
                      operationId: a
                      parameters:
                        - {name: p, in: path, required: true, type: string}
                        - {name: q, in: query, type: string}
                        - {name: H, in: header, type: string}
                      responses: {200: {description: OK}}
                """))
        let parameters = try #require(result.document.operation("a")?.parameters)
        #expect(parameters.map(\.style) == [.simple, .form, .simple])
        #expect(parameters.map(\.explode) == [false, true, false])
    }
}
