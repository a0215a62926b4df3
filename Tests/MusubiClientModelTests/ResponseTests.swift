import Testing

@testable import MusubiClientModel

@Suite struct ResponseTests {
    /// A document with one `GET /x` operation named `Op` whose `responses` block is `responses`
    /// (indented by 8), and the schemas `Pet`, `Error` and `Problem`.
    func build(responses: String) -> ClientModelBuilder.Result? {
        MusubiClientModelTests.build(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /x:
                get:
                  operationId: op
                  responses:
            \(responses)
            components:
              schemas:
                Pet: {type: object, properties: {id: {type: string}}}
                Error: {type: object, properties: {message: {type: string}}}
                Problem: {type: object, properties: {title: {type: string}}}
            """)
    }

    func operation(responses: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> RequestDeclaration?
    {
        build(responses: responses)?.model.request("Op", sourceLocation: sourceLocation)
    }

    @Test func singleSuccessIsATypealias() throws {
        let op = try #require(
            operation(
                responses: """
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Pet'}
                    """))
        #expect(op.responseType == "Pet")
        #expect(op.hasResponseType)
        #expect(op.hasResponseEnum == false)
        #expect(op.responseCases.isEmpty)
        #expect(op.hasDecodeResponse == false)
        #expect(op.hasFailureType == false)
        #expect(op.hasFailureEnum == false)
        #expect(op.hasAccept == false)
    }

    /// A plain string offered as text first is the text (Kubernetes' pod logs list
    /// `text/plain` before `application/json` and send the text); offered as JSON first it is
    /// a JSON string (Docker's node ID), and an enum stays the enum decoded from JSON.
    @Test func aStringOfferedAsTextFirstIsTheText() throws {
        func request(_ first: String, _ second: String, schema: String = "{type: string}") throws -> RequestDeclaration
        {
            try #require(
                operation(
                    responses: """
                                '200':
                                  description: ok
                                  content:
                                    \(first): {schema: \(schema)}
                                    \(second): {schema: \(schema)}
                        """))
        }
        let text = try request("text/plain", "application/json")
        #expect(text.responseType == "String")
        #expect(text.acceptLiteral.contains("text/plain"))
        #expect(text.singleDecodeLines.joined().contains("String(decoding: response.body, as: UTF8.self)"))
        let json = try request("application/json", "text/plain")
        #expect(json.responseType == "String")
        #expect(!json.hasDecodeResponse && !json.hasSingleDecode)
        let listed = try request("text/plain", "application/json", schema: "{type: string, enum: [a, b]}")
        #expect(listed.responseType != "String")
        #expect(!listed.hasSingleDecode)
    }

    /// A vendor's JSON media type is asked for in `Accept`, as a server may choose the
    /// representation by it (Vimeo's `application/vnd.vimeo.video+json;version=3.4`); plain
    /// JSON and a range are what a request accepts by default.
    @Test func aVendorJSONTypeIsAskedFor() throws {
        func accept(_ mediaType: String) throws -> Bool {
            try #require(
                operation(
                    responses: """
                                '200':
                                  description: ok
                                  content:
                                    '\(mediaType)':
                                      schema: {$ref: '#/components/schemas/Pet'}
                        """)
            ).hasAccept
        }
        #expect(try accept("application/vnd.vimeo.video+json;version=3.4"))
        #expect(try !accept("application/json; charset=utf-8"))
        #expect(try !accept("*/*"))
    }

    /// A shared response's inline body is named after its key under `components/responses`,
    /// not after the first operation using it: `bulk-1` and `bulk` both answer `BulkResponse`.
    /// A key saying "error" or "response" already is not told it again.
    @Test func aSharedResponsesBodyIsNamedAfterItsComponent() throws {
        let result = MusubiClientModelTests.build(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /_bulk:
                put:
                  operationId: bulk-1
                  responses:
                    '200': {$ref: '#/components/responses/bulk-200'}
                    '400': {$ref: '#/components/responses/BadRequest'}
                post:
                  operationId: bulk
                  responses:
                    '200': {$ref: '#/components/responses/bulk-200'}
                    '400': {$ref: '#/components/responses/ErrorResponse'}
            components:
              responses:
                bulk-200:
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, properties: {took: {type: integer}}}
                BadRequest:
                  description: bad
                  content:
                    application/json:
                      schema: {type: object, properties: {reason: {type: string}}}
                ErrorResponse:
                  description: bad
                  content:
                    application/json:
                      schema: {type: object, properties: {message: {type: string}}}
            """)
        let model = try #require(result).model
        #expect(model.request("Bulk1")?.responseType == "BulkResponse")
        #expect(model.request("Bulk")?.responseType == "BulkResponse")
        #expect(model.request("Bulk1")?.failureType == .named("BadRequestError"))
        #expect(model.request("Bulk")?.failureType == .named("ErrorResponse"))
    }

    @Test func successWithoutBodyIsNoContent() throws {
        let op = try #require(operation(responses: "        '204': {description: gone}"))
        #expect(op.responseType == "NoContent")
        #expect(op.hasResponseType)
    }

    @Test func severalSuccessesWithTheSameBodyShareOneType() throws {
        let op = try #require(
            operation(
                responses: """
                            '200':
                              description: ok
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                            '201':
                              description: created
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                    """))
        #expect(op.responseType == "Pet")
        #expect(op.hasResponseEnum == false)
    }

    @Test func differentSuccessBodiesMakeAnEnum() throws {
        let op = try #require(
            operation(
                responses: """
                            '200':
                              description: The pet.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                            '202':
                              description: Accepted for later.
                    """))
        #expect(op.hasResponseType == false)
        #expect(op.hasResponseEnum)
        #expect(op.responseCases.map { $0.name + $0.payload } == ["ok(Pet)", "accepted"])
        #expect(op.responseCases.map(\.docLines) == [["/// The pet."], ["/// Accepted for later."]])
        #expect(op.hasDecodeResponse)
        #expect(op.decodeResponseCases.map(\.label) == ["case 200", "case 202", "default"])
        #expect(
            op.decodeResponseCases.map(\.statement) == [
                "return .ok(try coding.decode(from: response.body))",
                "return .accepted",
                "throw UnexpectedStatus()",
            ])
        #expect(
            op.decodeResponseCases.map(\.lines) == [
                ["case 200: return .ok(try coding.decode(from: response.body))"],
                ["case 202: return .accepted"],
                ["default: throw UnexpectedStatus()"],
            ])
    }

    @Test func decodeCasesOrderExactBeforeRangeBeforeDefault() throws {
        let op = try #require(
            operation(
                responses: """
                            2XX:
                              description: Some success.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                            '201':
                              description: Created, nothing returned.
                            '200':
                              description: Plain text.
                              content: {text/plain: {schema: {type: string}}}
                    """))
        #expect(op.responseCases.map { $0.name + $0.payload } == ["success(Pet)", "created", "ok(String)"])
        #expect(op.decodeResponseCases.map(\.label) == ["case 201", "case 200", "case 200...299", "default"])
        #expect(
            op.decodeResponseCases.map(\.statement) == [
                "return .created",
                "return .ok(String(decoding: response.body, as: UTF8.self))",
                "return .success(try coding.decode(from: response.body))",
                "throw UnexpectedStatus()",
            ])
        // Text alongside JSON: the Accept header lists both.
        #expect(op.acceptLiteral == #""application/json, text/plain""#)
        #expect(op.hasAccept)
    }

    @Test func lowercaseRangeAndDefaultKeysAreNormalised() throws {
        let op = try #require(
            operation(
                responses: """
                            2xx:
                              description: ok
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                            '204': {description: none}
                            Default:
                              description: error
                              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                    """))
        #expect(op.decodeResponseCases.map(\.label) == ["case 204", "case 200...299", "default"])
        #expect(op.failureType == "ErrorModel")
    }

    @Test func statusConditionsAreWrittenFromTheParsedStatusOnly() throws {
        let result = try #require(
            build(
                responses: """
                            '200': {description: ok}
                            '300': {description: multiple choices}
                            1xx: {description: informational}
                            '304': {description: not modified, but nothing conditional is sent}
                            3xx: {description: redirected, which the transport follows}
                            '300 || [0][1] == 0': {description: not a status}
                    """))
        let op = try #require(result.model.request("Op"))
        #expect(
            op.acceptableStatusCondition
                == "(200...299).contains(statusCode) || statusCode == 300 || (100...199).contains(statusCode)")
        #expect(result.model.requests.allSatisfy { !$0.acceptableStatusCondition.contains("[0]") })
    }

    @Test func failureTypealias() throws {
        let op = try #require(
            operation(
                responses: """
                            '200': {description: ok}
                            '404':
                              description: missing
                              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                            default:
                              description: other
                              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                            '500': {description: no body}
                            '302': {description: elsewhere}
                    """))
        #expect(op.failureType == "ErrorModel")
        #expect(op.hasFailureType)
        #expect(op.hasFailureEnum == false)
        #expect(op.hasDecodeFailure == false)
    }

    @Test func failureEnum() throws {
        let result = try #require(
            build(
                responses: """
                            '200': {description: ok}
                            default:
                              description: Anything else.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                            4XX:
                              description: Client error.
                              content: {application/problem+json: {schema: {$ref: '#/components/schemas/Problem'}}}
                            '404':
                              description: Not found.
                              content:
                                application/json:
                                  schema: {type: object, properties: {missing: {type: string}}}
                            '503':
                              description: Down, HTML page.
                              content: {text/html: {schema: {type: string}}}
                    """))
        let op = try #require(result.model.request("Op"))
        #expect(op.hasFailureType == false)
        #expect(op.hasFailureEnum)
        #expect(
            op.failureCases.map { $0.name + $0.payload } == [
                "other(ErrorModel)", "clientError(Problem)", "notFound(OpNotFoundError)",
            ])
        #expect(op.decodeFailureCases.map(\.label) == ["case 404", "case 400...499", "default"])
        #expect(
            op.decodeFailureCases.map(\.statement) == [
                "return try? .notFound(coding.decode(from: response.body))",
                "return try? .clientError(coding.decode(from: response.body))",
                "return try? .other(coding.decode(from: response.body))",
            ])
        #expect(result.model.model("OpNotFoundError")?.propertySignatures == ["missing: String?"])
    }

    @Test func failureEnumWithoutDefaultFallsBackToNil() throws {
        let op = try #require(
            operation(
                responses: """
                            '200': {description: ok}
                            '400':
                              description: bad
                              content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}
                            '409':
                              description: conflict
                              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                    """))
        #expect(op.failureCases.map { $0.name + $0.payload } == ["badRequest(Problem)", "conflict(ErrorModel)"])
        #expect(op.decodeFailureCases.map(\.label) == ["case 400", "case 409", "default"])
        #expect(op.decodeFailureCases.last?.statement == "return nil")
    }

    @Test func defaultIsTheSuccessWhenNo2XXIsDocumented() throws {
        let op = try #require(
            operation(
                responses: """
                            default:
                              description: Whatever the server says.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                            '404':
                              description: missing
                              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                    """))
        #expect(op.responseType == "Pet")
        #expect(op.hasResponseType)
        #expect(op.failureType == "ErrorModel")
    }

    /// Bitbucket's 43 operations that document only "Unexpected error.": any 2XX succeeds
    /// without a body, and the error schema types the failure of every other status.
    @Test func defaultThatDescribesAnErrorIsTheFailureWhenNo2XXIsDocumented() throws {
        let op = try #require(
            operation(
                responses: """
                            default:
                              description: Unexpected error.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                    """))
        #expect(op.responseType == "NoContent")
        #expect(op.failureType == "Pet")
        #expect(op.hasAcceptableStatus == false)
        #expect(op.hasAccept == false)
    }

    @Test func defaultWhoseSchemaTypesAnErrorStatusIsTheFailure() throws {
        let op = try #require(
            operation(
                responses: """
                            '404':
                              description: missing
                              content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}
                            default:
                              description: Anything else.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}
                    """))
        #expect(op.responseType == "NoContent")
        #expect(op.failureType == "Problem")
    }

    @Test func defaultWithAProblemDetailsBodyIsTheFailure() throws {
        let op = try #require(
            operation(
                responses: """
                            default:
                              description: Anything else.
                              content: {application/problem+json: {schema: {$ref: '#/components/schemas/Pet'}}}
                    """))
        #expect(op.responseType == "NoContent")
        #expect(op.failureType == "Pet")
    }

    /// A redirect beside an error `default` still returns what the redirect's target sends.
    @Test func aRedirectBesideAnErrorDefaultReturnsWhatItsTargetSends() throws {
        let op = try #require(
            operation(
                responses: """
                            '302':
                              description: redirects to the file
                            default:
                              description: Unexpected error.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                    """))
        #expect(op.responseType == "Data")
        #expect(op.failureType == "Pet")
        #expect(op.acceptLiteral == #""*/*""#)
    }

    /// The error schema's name is enough: "Error" is renamed `ErrorModel`, but read as written.
    @Test func defaultWhoseSchemaIsNamedAsAnErrorIsTheFailure() throws {
        let op = try #require(
            operation(
                responses: """
                            default:
                              description: Anything else.
                              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                    """))
        #expect(op.responseType == "NoContent")
        #expect(op.failureType == "ErrorModel")
    }

    @Test func inlineResponseNames() throws {
        let result = try #require(
            build(
                responses: """
                            '200':
                              description: ok
                              content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}
                            '201':
                              description: created
                              content: {application/json: {schema: {type: object, properties: {b: {type: string}}}}}
                    """))
        let op = try #require(result.model.request("Op"))
        #expect(op.responseCases.map { $0.name + $0.payload } == ["ok(OpResponse)", "created(OpCreatedResponse)"])
    }

    @Test func binaryAndTextBodies() throws {
        let text = try #require(
            operation(responses: "        '200': {description: ok, content: {text/csv: {schema: {type: string}}}}"))
        #expect(text.responseType == "String")
        #expect(text.acceptLiteral == #""text/csv""#)
        let binary = try #require(
            operation(
                responses:
                    "        '200': {description: ok, content: {image/png: {schema: {type: string, format: binary}}}}"))
        #expect(binary.responseType == "Data")
        #expect(binary.acceptLiteral == #""image/png""#)
        let json = try #require(
            operation(responses: "        '200': {description: ok, content: {application/json: {}}}"))
        #expect(json.responseType == "JSONValue")
        #expect(json.hasAccept == false)
    }

    /// A textual application type whose schema is a string is read as a `String`, like
    /// `text/*`: Immich's HLS playlists (`application/vnd.apple.mpegurl`), an XML or YAML
    /// document. Bytes when the schema says binary, or when XML is described as an object
    /// (S3), which Musubi does not parse.
    @Test func textualApplicationTypesWithAStringSchemaAreText() throws {
        for media in ["application/vnd.apple.mpegurl", "application/xml", "application/atom+xml", "application/yaml"] {
            let op = try #require(
                operation(responses: "        '200': {description: ok, content: {\(media): {schema: {type: string}}}}"))
            #expect(op.responseType == "String", "\(media)")
            #expect(op.acceptLiteral == "\"\(media)\"")
        }
        for schema in ["{type: string, format: binary}", "{type: object, properties: {a: {type: string}}}"] {
            let response = "        '200': {description: ok, content: {application/xml: {schema: \(schema)}}}"
            let op = try #require(operation(responses: response))
            #expect(op.responseType == "Data", "\(schema)")
        }
    }
}
