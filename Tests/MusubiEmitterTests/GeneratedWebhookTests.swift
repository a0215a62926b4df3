import ConstructsClient
import Foundation
import MusubiRuntime
import Testing

/// The golden module's webhooks enum, `ConstructsWebhookEvent`, decoding requests as a server
/// receives them: one told apart as GitHub does (a header and the body's `action`), one as
/// Stripe does (the body's `type`), and ones it does not know.
@Suite struct GeneratedWebhookTests {
    private func request(_ headers: HTTPHeaders, _ body: String, method: HTTPMethod = .post) -> WebhookRequest {
        WebhookRequest(method: method, path: "/hooks", headers: headers, body: Data(body.utf8))
    }

    @Test func aGitHubLikeEventIsChosenByItsHeaderAndAction() throws {
        let event = try ConstructsWebhookEvent(
            request: request(["X-GitHub-Event": "issues"], #"{"action": "opened", "number": 7}"#))
        guard case .issueOpened(let payload) = event else {
            Issue.record("expected issueOpened, got \(event)")
            return
        }
        #expect(payload.number == 7)
        #expect(event.name == "issueOpened")
    }

    @Test func aStripeLikeEventIsChosenByItsType() throws {
        let event = try ConstructsWebhookEvent(
            request: request([:], #"{"id": "evt_1", "type": "invoice.paid", "amount": 1200}"#))
        guard case .invoicePaid(let invoice) = event else {
            Issue.record("expected invoicePaid, got \(event)")
            return
        }
        #expect(invoice.id == "evt_1")
        #expect(invoice.amount == 1200)
    }

    @Test func unknownEventsAreKeptWithTheirRequest() throws {
        let closed = request(["X-GitHub-Event": "issues"], #"{"action": "closed", "number": 7}"#)
        let event = try ConstructsWebhookEvent(request: closed)
        guard case .unknown(let name, let kept) = event else {
            Issue.record("expected unknown, got \(event)")
            return
        }
        #expect(name == nil)
        #expect(kept.body == closed.body)
        // A name the spec does not declare, given by the caller, is kept too.
        let named = try ConstructsWebhookEvent(name: "refund.created", request: closed)
        guard case .unknown("refund.created", _) = named else {
            Issue.record("expected unknown, got \(named)")
            return
        }
    }

    @Test func anEventWithoutBodyIsReachedByName() throws {
        let event = try ConstructsWebhookEvent(name: "ping", request: request([:], "", method: .head))
        guard case .ping = event else {
            Issue.record("expected ping, got \(event)")
            return
        }
    }

    @Test func aChosenEventWhosePayloadDoesNotDecodeThrows() {
        #expect(throws: DecodingError.self) {
            try ConstructsWebhookEvent(request: request(["X-GitHub-Event": "issues"], #"{"action": "opened"}"#))
        }
    }
}
