import MusubiReader
import Testing

@testable import MusubiDocument

/// OpenAPI 3.1's `webhooks` and the operations' `callbacks`, read into ``Document/webhooks``.
@Suite struct WebhookTests {
    @Test func webhooksAreReadInSourceOrderWithReferencesResolved() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                webhooks:
                  issues-opened:
                    post:
                      parameters:
                        - {name: X-GitHub-Event, in: header, required: true, schema: {type: string, enum: [issues]}}
                      requestBody:
                        content:
                          application/json:
                            schema: {$ref: '#/components/schemas/Issue'}
                      responses: {'200': {description: ok}}
                  shared: {$ref: '#/components/pathItems/Ping'}
                  x-internal: {post: {responses: {'200': {description: ok}}}}
                components:
                  schemas:
                    Issue: {type: object, properties: {action: {type: string}}}
                  pathItems:
                    Ping:
                      post:
                        responses: {'200': {description: ok}}
                      put:
                        responses: {'200': {description: ok}}
                """))
        let events = result.document.webhooks
        #expect(events.map(\.name) == ["issues-opened", "shared", "shared"])
        #expect(events.map(\.operation.method) == [.post, .post, .put])
        #expect(events.allSatisfy { $0.origin == .webhook })
        #expect(events[0].operation.path == "issues-opened")
        #expect(events[0].operation.parameters.map(\.name) == ["X-GitHub-Event"])
        #expect(events[0].operation.requestBody?.content.first?.schema?.referencedName == "Issue")
        #expect(events[0].location == at(4, 3))
        #expect(result.document.operations.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    @Test func callbacksOfOperationsFollowTheWebhooks() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /streams:
                    post:
                      operationId: subscribe
                      parameters:
                        - {name: callbackUrl, in: query, required: true, schema: {type: string}}
                      responses: {'201': {description: ok}}
                      callbacks:
                        onData:
                          '{$request.query.callbackUrl}/data':
                            post:
                              requestBody:
                                content:
                                  application/json:
                                    schema: {type: object, properties: {userData: {type: string}}}
                              responses: {'202': {description: ok}}
                              callbacks:
                                nested: {'{$url}': {post: {responses: {'200': {description: ok}}}}}
                        onEnd: {$ref: '#/components/callbacks/End'}
                components:
                  callbacks:
                    End:
                      '{$request.body#/url}':
                        delete:
                          responses: {'204': {description: ok}}
                """))
        let events = result.document.webhooks
        #expect(events.map(\.name) == ["onData", "onEnd"])
        #expect(
            events.map(\.origin) == [
                .callback(expression: "{$request.query.callbackUrl}/data", registeredBy: "POST /streams"),
                .callback(expression: "{$request.body#/url}", registeredBy: "POST /streams"),
            ])
        // The expression is no path template of the API: nothing about `{$request…}` is reported.
        #expect(events[0].operation.path == "{$request.query.callbackUrl}/data")
        #expect(events[1].operation.method == .delete)
        #expect(events[0].operation.requestBody?.content.first?.schema?.properties.map(\.name) == ["userData"])
        #expect(result.document.operations.map(\.operationID) == ["subscribe"])
        #expect(result.warnings.isEmpty)
    }

    @Test func malformedWebhooksAreWarnedAboutWhereTheyAreWritten() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                webhooks:
                  scalar: 42
                  '': {post: {responses: {'200': {description: ok}}}}
                  empty: {summary: nothing}
                  good: {post: {responses: {'200': {description: ok}}}}
                paths:
                  /a:
                    get:
                      responses: {'200': {description: ok}}
                      callbacks: [1, 2]
                  /b:
                    get:
                      responses: {'200': {description: ok}}
                      callbacks:
                        listed: [1]
                """))
        #expect(result.document.webhooks.map(\.name) == ["good"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:12:18: warning: 'callbacks' of operation 'GET /a' must be a mapping of names to callbacks; it is ignored",
                "spec.yaml:17:17: warning: callback 'listed' must be a mapping of URL expressions to path items; it is ignored",
                "spec.yaml:4:11: warning: webhook 'scalar' must be a path item (a mapping), found a number; it is ignored",
                "spec.yaml:5:3: warning: a webhook needs a non-empty name; it is ignored",
                "spec.yaml:6:10: warning: webhook 'empty' has no operation; it is ignored",
            ])
    }

    @Test func aWebhooksFieldThatIsNoMappingIsIgnored() throws {
        let result = try #require(load("openapi: 3.1.0\ninfo: {title: T, version: '1'}\nwebhooks: [a]\n"))
        #expect(result.document.webhooks.isEmpty)
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:3:11: warning: 'webhooks' must be a mapping of names to path items; it is ignored"
            ])
    }

    @Test func aReferenceToNothingIsAnErrorAtTheReference() {
        let diagnostics = loadFailure(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            webhooks:
              gone: {$ref: '#/components/pathItems/Missing'}
            """)
        #expect(diagnostics.map(\.location) == [at(4, 16)])
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func aWebhookReferringToItselfEndsWithAnError() {
        let diagnostics = loadFailure(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            webhooks:
              loop: {$ref: '#/components/pathItems/A'}
            components:
              pathItems:
                A: {$ref: '#/components/pathItems/B'}
                B: {$ref: '#/components/pathItems/A'}
            """)
        #expect(diagnostics.contains { $0.severity == .error && $0.message.contains("circular reference") })
    }

    /// An OpenAPI 3.0 spec declares its webhooks under `x-webhooks` (Dropbox Sign): read as
    /// `webhooks` are, unless the spec has `webhooks` too.
    @Test func xWebhooksAreTheWebhooksOfA30Spec() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths: {}
                x-webhooks:
                  callbackEvent:
                    post:
                      requestBody: {content: {application/json: {schema: {type: object}}}}
                      responses: {'200': {description: ok}}
                """))
        #expect(result.document.webhooks.map { "\($0.name) \($0.operation.method.rawValue)" } == ["callbackEvent post"])
        #expect(result.warnings.isEmpty)
    }
}
