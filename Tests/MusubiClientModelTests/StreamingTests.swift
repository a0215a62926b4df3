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
                TickMessage:
                  type: object
                  required: [data]
                  properties:
                    event: {type: string, enum: [tick]}
                    data: {$ref: '#/components/schemas/Tick'}
                    id: {type: string}
                TickEnvelope: {$ref: '#/components/schemas/TickMessage'}
                Note: {type: string}
                TypedTick:
                  type: object
                  properties: {type: {type: string}, data: {$ref: '#/components/schemas/Tick'}}
                Done:
                  type: object
                  required: [data]
                  properties: {data: {type: string, enum: ['[DONE]']}}
                SnapshotMessage:
                  type: object
                  required: [data]
                  properties: {data: {$ref: '#/components/schemas/Snapshot'}}
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

    @Test func aSchemaOfTheWholeMessageIsTheEventDecodedFromTheMessage() throws {
        for reference in ["TickMessage", "TickEnvelope"] {
            let op = try #require(
                operation(
                    content: "                text/event-stream: {schema: {$ref: '#/components/schemas/\(reference)'}}")
            )
            #expect(op.eventType == .named(reference))
            #expect(op.hasDecodeEvent)
            #expect(op.decodeEventStatement == "try message.decode(Event.self, data: .json, coding: coding)")
        }

        let text = try #require(
            operation(
                content: """
                                text/event-stream:
                                  schema:
                                    type: object
                                    properties: {event: {type: string}, data: {$ref: '#/components/schemas/Note'}, retry: {type: integer}}
                    """))
        #expect(text.eventType == "OpEvent")
        #expect(text.decodeEventStatement == "try message.decode(Event.self, data: .text, coding: coding)")
    }

    /// A union of whole messages is a message too: Together's streams are `oneOf` a chunk's
    /// message and the `[DONE]` message, whose every event failed as "no member `data`". The
    /// `[DONE]` message left out (the runtime ends the stream at it), the event is the one other
    /// message; a union of several messages is decoded from each message whole.
    @Test func aUnionOfWholeMessagesIsDecodedFromTheMessage() throws {
        let sentinel = try #require(
            operation(
                content: """
                                text/event-stream:
                                  schema:
                                    oneOf: [{$ref: '#/components/schemas/TickMessage'}, {$ref: '#/components/schemas/Done'}]
                    """))
        #expect(sentinel.eventType == "TickMessage")
        #expect(sentinel.decodeEventStatement == "try message.decode(Event.self, data: .json, coding: coding)")

        let several = try #require(
            operation(
                content: """
                                text/event-stream:
                                  schema:
                                    anyOf: [{$ref: '#/components/schemas/TickMessage'}, {$ref: '#/components/schemas/SnapshotMessage'}]
                    """))
        #expect(several.eventType == "OpEvent")
        #expect(several.decodeEventStatement == "try message.decode(Event.self, data: .json, coding: coding)")

        let data = try #require(
            operation(
                content: """
                                text/event-stream:
                                  schema:
                                    oneOf: [{$ref: '#/components/schemas/Tick'}, {$ref: '#/components/schemas/Snapshot'}]
                    """))
        #expect(!data.hasDecodeEvent)
    }

    @Test func anEventObjectWithOtherMembersThanTheMessageFieldsIsTheDataSchema() throws {
        let typed = try #require(
            operation(content: "                text/event-stream: {schema: {$ref: '#/components/schemas/TypedTick'}}"))
        #expect(typed.eventType == "TypedTick")
        #expect(!typed.hasDecodeEvent, "`type` beside `data` makes it an event object of its own")

        let withoutData = try #require(
            operation(
                content: """
                                text/event-stream:
                                  schema: {type: object, properties: {event: {type: string}, id: {type: string}}}
                    """))
        #expect(!withoutData.hasDecodeEvent, "a message without data is no message schema")

        let lines = try #require(
            operation(
                content: "                application/x-ndjson: {schema: {$ref: '#/components/schemas/TickMessage'}}"))
        #expect(lines.eventType == "TickMessage")
        #expect(!lines.hasDecodeEvent, "JSON Lines have no messages around their records")
    }

    @Test func anOpenAPI32ItemSchemaOfTheMessageIsTakenForServerSentEvents() throws {
        let op = try #require(
            operation(
                content: """
                                text/event-stream:
                                  itemSchema: {$ref: '#/components/schemas/TickMessage'}
                    """,
                version: "3.2.0"))
        #expect(op.eventType == "TickMessage")
        #expect(op.hasDecodeEvent)

        let notAMessage = try #require(
            operation(
                content: """
                                text/event-stream:
                                  itemSchema: {$ref: '#/components/schemas/TypedTick'}
                                  schema: {$ref: '#/components/schemas/Tick'}
                    """,
                version: "3.2.0"))
        #expect(notAMessage.eventType == "Tick", "an item schema that is no message is left to `schema`, as before")
        #expect(!notAMessage.hasDecodeEvent)
    }

    @Test func anOperationWithoutStreamIsNotStreaming() throws {
        let op = try #require(
            operation(content: "                application/json: {schema: {$ref: '#/components/schemas/Tick'}}"))
        #expect(!op.isStreaming)
    }
}
