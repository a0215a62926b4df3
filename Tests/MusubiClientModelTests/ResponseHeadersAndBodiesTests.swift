import Testing

@testable import MusubiClientModel

/// Responses with documented headers, text, bytes and no body.
@Suite struct ResponseHeadersAndBodiesTests {
    func request(method: String = "get", responses: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> (RequestDeclaration, ClientModel)?
    {
        let model = build(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /x:
                \(method):
                  operationId: op
                  responses:
            \(responses)
            components:
              schemas:
                Pet: {type: object, properties: {id: {type: string}}}
            """, sourceLocation: sourceLocation)?.model
        guard let model, let op = model.request("Op", sourceLocation: sourceLocation) else { return nil }
        return (op, model)
    }

    @Test func documentedHeadersMakeTheResponseWithHeaders() throws {
        let (op, model) = try #require(
            request(
                responses: """
                            '200':
                              description: ok
                              headers:
                                X-Rate-Limit-Remaining: {description: Calls left., schema: {type: integer}}
                                ETag: {required: true, schema: {type: string}}
                                Content-Type: {schema: {type: string}}
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Pet'}
                    """))
        #expect(op.responseType == "WithHeaders<Pet, OpHeaders>")
        #expect(
            op.singleDecodeLines == [
                "try WithHeaders(body: coding.decode(from: response.body), headers: response.decodeHeaders())"
            ])
        let headers = try #require(model.model("OpHeaders"))
        // `X-` dropped, `Content-Type` left out (OpenAPI ignores it), required ones not optional.
        #expect(headers.properties.map { "\($0.name): \($0.type)" } == ["rateLimitRemaining: Int?", "eTag: String"])
        #expect(headers.properties.map(\.originalName) == ["X-Rate-Limit-Remaining", "ETag"])
        #expect(headers.properties.first?.docLines == ["/// Calls left."])
    }

    @Test func noHeadersKeepThePlainBodyType() throws {
        let (op, _) = try #require(
            request(
                responses: """
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Pet'}
                    """))
        #expect(op.responseType == "Pet")
        #expect(op.hasSingleDecode == false)
    }

    @Test func textAndBytesAreDecodedExplicitly() throws {
        let (text, _) = try #require(
            request(responses: "        '200': {description: ok, content: {text/csv: {schema: {type: string}}}}"))
        #expect(text.responseType == "String")
        #expect(text.singleDecodeLines == ["String(decoding: response.body, as: UTF8.self)"])
        #expect(text.acceptLiteral == #""text/csv""#)

        let (bytes, _) = try #require(
            request(
                responses:
                    "        '200': {description: ok, content: {image/*: {schema: {type: string, format: binary}}}}"))
        #expect(bytes.responseType == "Data")
        #expect(bytes.singleDecodeLines == ["response.body"])
    }

    @Test func enumCasesCarryTheirHeaders() throws {
        let (op, _) = try #require(
            request(
                method: "post",
                responses: """
                            '201':
                              description: created
                              headers:
                                Location: {required: true, schema: {type: string, format: uri}}
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Pet'}
                            '202':
                              description: queued
                              headers:
                                Retry-After: {schema: {type: integer}}
                            2XX: {description: other}
                    """))
        #expect(
            op.responseCases.map(\.payload) == [
                "(WithHeaders<Pet, OpHeaders>)", "(WithHeaders<NoContent, OpAcceptedHeaders>)", "",
            ])
        #expect(
            op.decodeResponseCases.flatMap(\.lines) == [
                "case 201:",
                "    return .created(",
                "        try WithHeaders(",
                "            body: coding.decode(from: response.body), headers: response.decodeHeaders()))",
                "case 202:",
                "    return .accepted(try WithHeaders(body: NoContent(), headers: response.decodeHeaders()))",
                "case 200...299: return .success",
                "default: throw UnexpectedStatus()",
            ])
    }

    @Test func headResponsesHaveNoBody() throws {
        let (op, _) = try #require(
            request(
                method: "head",
                responses: """
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Pet'}
                    """))
        #expect(op.responseType == "NoContent")
    }
}
