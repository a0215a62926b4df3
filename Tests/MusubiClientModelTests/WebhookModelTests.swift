import MusubiDocument
import Testing

@testable import MusubiClientModel

/// The webhooks' and callbacks' enum: case and type names, payloads, and what tells each
/// event apart.
@Suite struct WebhookModelTests {
    private let spec = """
        openapi: 3.1.0
        info: {title: Shop, version: '1'}
        paths:
          /orders:
            post:
              operationId: createOrder
              responses: {'201': {description: ok}}
              callbacks:
                orderShipped:
                  '{$request.body#/callback}':
                    post:
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              properties: {kind: {type: string, enum: [shipped]}, at: {type: string}}
                      responses: {'200': {description: ok}}
        webhooks:
          issues-opened:
            post:
              parameters:
                - {name: X-GitHub-Event, in: header, schema: {type: string, enum: [issues]}}
                - {name: X-Delivery, in: header, schema: {type: string}}
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/IssuesOpened'}
              responses: {'200': {description: ok}}
          unknown:
            post:
              requestBody:
                content: {text/csv: {schema: {type: string}}}
              responses: {'200': {description: ok}}
          twice:
            post: {responses: {'200': {description: ok}}}
            put: {responses: {'200': {description: ok}}}
        components:
          schemas:
            IssuesOpened:
              allOf:
                - {$ref: '#/components/schemas/Base'}
                - type: object
                  properties: {action: {type: string, const: opened}}
            Base:
              type: object
              properties: {sender: {type: string}, zen: {type: string, enum: [a, b]}}
            ShopWebhookEvent: {type: string}
        """

    @Test func eventsBecomeCasesWithTheirPayloadsAndRequirements() throws {
        let result = try #require(build(spec))
        let webhooks = try #require(result.model.webhooksDecision)
        // A schema has the enum's natural name already: the enum steps aside, first come first served.
        #expect(webhooks.enumName == "ShopWebhookEvent2")
        #expect(webhooks.fileName == "ShopWebhookEvent2.swift")
        // `unknown` is the enum's own case: an event of that name is not numbered beside it.
        #expect(
            webhooks.events.map(\.caseName) == [
                "issuesOpened", "unknownValue", "twicePost", "twicePut", "orderShipped",
            ])
        #expect(webhooks.events.map(\.sharesName) == [false, false, true, true, false])
        #expect(webhooks.events[0].payload == .json(.named("IssuesOpened")))
        #expect(webhooks.events[0].headers == [.init(name: "X-GitHub-Event", value: "issues")])
        // Through the reference and the `allOf`; `zen` allows two values, so it tells nothing.
        #expect(webhooks.events[0].bodyFields == [.init(name: "action", value: "opened")])
        #expect(webhooks.events[1].payload == .bytes)
        #expect(webhooks.events[2].payload == .none)
        #expect(webhooks.events[2].method == "post")
        #expect(webhooks.events[3].method == "put")
        #expect(webhooks.events[4].payload == .json(.named("OrderShippedPayload")))
        #expect(webhooks.events[4].bodyFields == [.init(name: "kind", value: "shipped")])
        #expect(
            webhooks.events[4].callback == .init(expression: "{$request.body#/callback}", registeredBy: "POST /orders"))
        #expect(result.model.types.contains { $0.name == "OrderShippedPayload" })
        // The API's own names come first: the request keeps its name.
        #expect(result.model.requestDecisions.map(\.name) == ["CreateOrder"])
    }

    @Test func theWebhooksFileIsLaidOut() throws {
        let result = try #require(build(spec))
        let webhooks = try #require(result.model.webhooks)
        #expect(webhooks.routeLines.first == #"WebhookEventRoute("#)
        #expect(
            webhooks.decodeLines.contains(
                #"case "issues-opened": self = .issuesOpened(try coding.decode(from: request.body))"#))
        #expect(webhooks.decodeLines.contains(#"case "twice" where request.method == .put: self = .twicePut"#))
        #expect(webhooks.nameLines.contains(#"case .orderShipped: return "orderShipped""#))
    }

    @Test func skippingWebhooksLeavesThemAndTheirTypesOut() throws {
        let result = try #require(build(spec, options: ClientModelOptions(filePerType: true, generatesWebhooks: false)))
        #expect(result.model.webhooksDecision == nil)
        #expect(result.model.webhooks == nil)
        #expect(!result.model.types.contains { $0.name == "OrderShippedPayload" })
    }

    /// A filtered client still decodes the webhooks: the schemas only they reach are generated.
    @Test func aFilterKeepsTheSchemasOfTheWebhooks() throws {
        var filter = OperationFilter()
        filter.include.operations = [Configured(Glob("createOrder"), origin: .commandLine("--include-operation"))]
        let result = try #require(build(spec, options: ClientModelOptions(filter: filter, filePerType: true)))
        #expect(result.model.types.contains { $0.name == "IssuesOpened" })
        #expect(result.model.types.contains { $0.name == "Base" })
    }

    @Test func aSpecWithoutWebhooksHasNoWebhooksFile() throws {
        let result = try #require(build(specWithSchemas("    A: {type: string}")))
        #expect(result.model.webhooksDecision == nil)
    }

    /// Webhooks that share one envelope (Anthropic's 22: `{type: "event", data: oneOf …}`) are
    /// told apart by the discriminator of the object in it whose values hold the event's name;
    /// those that nothing tells apart are reported, at the first of them.
    @Test func eventsInOneEnvelopeAreToldApartByItsDiscriminator() throws {
        let result = try #require(
            build(
                """
                openapi: 3.1.0
                info: {title: Agents, version: '1'}
                paths: {}
                webhooks:
                  session.created:
                    post:
                      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Event'}}}}
                      responses: {'200': {description: ok}}
                  session.deleted:
                    post:
                      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Event'}}}}
                      responses: {'200': {description: ok}}
                  vault.opened:
                    post:
                      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Other'}}}}
                      responses: {'200': {description: ok}}
                  vault.closed:
                    post:
                      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Other'}}}}
                      responses: {'200': {description: ok}}
                components:
                  schemas:
                    Event:
                      type: object
                      required: [type, data]
                      properties:
                        type: {type: string, const: event}
                        data:
                          oneOf: [{$ref: '#/components/schemas/Created'}, {$ref: '#/components/schemas/Deleted'}]
                          discriminator:
                            propertyName: type
                            mapping: {session.created: '#/components/schemas/Created', session.deleted: '#/components/schemas/Deleted'}
                    Created: {type: object, required: [type], properties: {type: {type: string, const: session.created}}}
                    Deleted: {type: object, required: [type], properties: {type: {type: string, const: session.deleted}}}
                    Other: {type: object, properties: {kind: {type: string, const: vault}}}
                """))
        let events = try #require(result.model.webhooksDecision).events
        #expect(
            events.map(\.nestedBodyFields) == [
                [.init(object: "data", name: "type", value: "session.created")],
                [.init(object: "data", name: "type", value: "session.deleted")], [], [],
            ])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:15:7: warning: webhooks 'vault.opened', 'vault.closed' have no header or body field of "
                    + "their own that tells them apart: a request is decoded as one of them only when named, "
                    + "with init(name:request:)"
            ])
        let routes = try #require(result.model.webhooks).routeLines.joined(separator: "\n")
        #expect(routes.contains(#"nestedBodyFields: ["data": ["type": "session.created"]]"#))
    }

    /// Thousands of webhooks in one envelope whose discriminator lists thousands of values: the
    /// values are found once per envelope and the events grouped by what tells them apart, not
    /// compared pairwise.
    @Test func thousandsOfEventsInOneEnvelopeAreToldApartInLinearTime() throws {
        let count = 3_000
        let webhooks = (0..<count).map {
            "  e\($0):\n    post:\n      requestBody: {content: {application/json: {schema: "
                + "{$ref: '#/components/schemas/Event'}}}}\n      responses: {'200': {description: ok}}"
        }
        let alternatives = (0..<count).map { "{$ref: '#/components/schemas/D\($0)'}" }.joined(separator: ", ")
        let mapping = (0..<count).map { "e\($0): '#/components/schemas/D\($0)'" }.joined(separator: ", ")
        let data = (0..<count).map {
            "    D\($0): {type: object, required: [type], properties: {type: {type: string, const: e\($0)}}}"
        }
        let spec =
            "openapi: 3.1.0\ninfo: {title: Many, version: '1'}\npaths: {}\nwebhooks:\n"
            + webhooks.joined(separator: "\n") + "\ncomponents:\n  schemas:\n"
            + "    Event:\n      type: object\n      properties:\n        data:\n"
            + "          oneOf: [\(alternatives)]\n"
            + "          discriminator: {propertyName: type, mapping: {\(mapping)}}\n"
            + data.joined(separator: "\n") + "\n"
        let result = try #require(build(spec))
        let events = try #require(result.model.webhooksDecision).events
        #expect(events.count == count)
        #expect(events.last?.nestedBodyFields == [.init(object: "data", name: "type", value: "e\(count - 1)")])
        #expect(result.warnings.isEmpty)
    }
}
