import Testing

@testable import MusubiClientModel

@Suite struct StreamingTests {
    /// The request `Op` of a document whose `GET /x` has this `200` content (indented by 12).
    func operation(
        content: String, version: String = "3.1.0", sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> RequestDeclaration? {
        build(
            """
            openapi: \(version)
            info: {title: T, version: '1'}
            paths:
              /x:
                get:
                  operationId: op
                  responses:
                    '200':
                      description: ok
                      content:
            \(content)
            components:
              schemas:
                Tick: {type: object, properties: {n: {type: integer}}}
                Snapshot: {type: object, properties: {ticks: {type: array, items: {$ref: '#/components/schemas/Tick'}}}}
            """)?.model.request("Op", sourceLocation: sourceLocation)
    }

    @Test func jsonAndEventStreamMakeASendableAndStreamableRequest() throws {
        let op = try #require(
            operation(
                content: """
                                application/json:
                                  schema: {$ref: '#/components/schemas/Snapshot'}
                                text/event-stream:
                                  schema: {$ref: '#/components/schemas/Tick'}
                    """))
        #expect(op.responseType == "Snapshot")
        #expect(!op.hasAccept)
        #expect(op.isStreaming)
        #expect(op.eventType == "Tick")
        #expect(!op.hasStreamFormat, "server-sent events are the default format")
        #expect(op.operationIDLines == ["public static var operationID: String { \"op\" }"])
    }

    @Test func eventsWithoutAJSONSchemaAreServerSentEvents() throws {
        for schema in ["{}", "{schema: {type: string}}"] {
            let op = try #require(operation(content: "                text/event-stream: \(schema)"))
            #expect(op.eventType == "ServerSentEvent")
        }
    }

    @Test func jsonLinesNameTheirMediaTypeAndTakeOpenAPI32ItemSchema() throws {
        let ndjson = try #require(
            operation(content: "                application/x-ndjson: {schema: {$ref: '#/components/schemas/Tick'}}"))
        #expect(ndjson.eventType == "Tick")
        #expect(ndjson.streamFormatExpression == #".jsonLines(mediaType: "application/x-ndjson")"#)

        let jsonl = try #require(
            operation(
                content: "                application/jsonl: {itemSchema: {$ref: '#/components/schemas/Tick'}}",
                version: "3.2.0"))
        #expect(jsonl.eventType == "Tick")
        #expect(jsonl.streamFormatExpression == ".jsonLines()")

        let untyped = try #require(operation(content: "                application/json-seq: {}"))
        #expect(untyped.eventType == "JSONValue")
        #expect(untyped.streamFormatExpression == ".jsonSequence")
    }

    @Test func anOperationWithoutStreamIsNotStreaming() throws {
        let op = try #require(
            operation(content: "                application/json: {schema: {$ref: '#/components/schemas/Tick'}}"))
        #expect(!op.isStreaming)
    }
}
