import Foundation
import Testing

@testable import MusubiRuntime

/// SHA-256 and HMAC-SHA256 against published vectors, and the GitHub, Stripe and Standard
/// Webhooks signature schemes built on them.
@Suite struct WebhookSignatureTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// FIPS 180-4's examples (NIST's SHA-256 example values), including the two-block message
    /// and a million bytes, which cross every padding case.
    @Test func sha256MatchesTheStandardsVectors() {
        #expect(
            hex(SHA256Hasher.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256Hasher.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256Hasher.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(SHA256Hasher.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// RFC 4231's test cases 1, 2, 3, 6 and 7: short keys, a key longer than a block (hashed
    /// first) and data longer than a block.
    @Test(arguments: [
        (
            [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            [UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            [UInt8](repeating: 0xaa, count: 131),
            Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ])
    func hmacMatchesRFC4231(key: [UInt8], data: [UInt8], expected: String) {
        #expect(hex(HMACSHA256.authenticationCode(for: data, key: key)) == expected)
    }

    @Test func constantTimeComparison() {
        #expect(HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2]))
    }

    // MARK: GitHub

    /// GitHub's documented example: this secret and payload give this signature.
    private let gitHubRequest = WebhookRequest(
        headers: [
            "X-Hub-Signature-256": "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
        ],
        body: Data("Hello, World!".utf8))

    @Test func gitHubSignatureIsAccepted() throws {
        try WebhookSignature.verifyGitHub(gitHubRequest, secret: "It's a Secret to Everybody")
        var uppercase = gitHubRequest
        uppercase.headers["x-hub-signature-256"] =
            "sha256=757107EA0EB2509FC211221CCE984B8A37570B6D7586C22C46F4379C8B043E17"
        try WebhookSignature.verifyGitHub(uppercase, secret: "It's a Secret to Everybody")
    }

    @Test func gitHubTamperedBodyOrWrongSecretIsRefused() {
        var tampered = gitHubRequest
        tampered.body = Data("Hello, World?".utf8)
        #expect(throws: WebhookSignatureError.signatureMismatch) {
            try WebhookSignature.verifyGitHub(tampered, secret: "It's a Secret to Everybody")
        }
        #expect(throws: WebhookSignatureError.signatureMismatch) {
            try WebhookSignature.verifyGitHub(gitHubRequest, secret: "another secret")
        }
    }

    @Test func gitHubWrongSchemeOrMissingHeaderIsRefused() {
        var sha1 = gitHubRequest
        sha1.headers["X-Hub-Signature-256"] = "sha1=757107ea0eb2509fc211221cce984b8a37570b6d"
        #expect(throws: WebhookSignatureError.malformedHeader("X-Hub-Signature-256")) {
            try WebhookSignature.verifyGitHub(sha1, secret: "It's a Secret to Everybody")
        }
        var notHex = gitHubRequest
        notHex.headers["X-Hub-Signature-256"] = "sha256=zz"
        #expect(throws: WebhookSignatureError.malformedHeader("X-Hub-Signature-256")) {
            try WebhookSignature.verifyGitHub(notHex, secret: "It's a Secret to Everybody")
        }
        #expect(throws: WebhookSignatureError.missingHeader("X-Hub-Signature-256")) {
            try WebhookSignature.verifyGitHub(WebhookRequest(body: Data()), secret: "s")
        }
    }

    // MARK: Stripe

    private let stripeBody = Data(#"{"id":"evt_1","type":"invoice.paid"}"#.utf8)
    /// HMAC-SHA256 of `1700000000.<body>` under `whsec_test_secret`, computed with Python's `hmac`.
    private let stripeSignature = "46dc069361a7691082640523fa33fe5d6c8c88d5f5e257cdf8cf11539d166595"
    private let signedAt = Date(timeIntervalSince1970: 1_700_000_000)

    private func stripeRequest(_ header: String) -> WebhookRequest {
        WebhookRequest(headers: ["Stripe-Signature": header], body: stripeBody)
    }

    @Test func stripeSignatureIsAcceptedAmongSeveral() throws {
        let zeros = String(repeating: "0", count: 64)
        for header in [
            "t=1700000000,v1=\(stripeSignature)",
            "t=1700000000,v1=\(zeros),v1=\(stripeSignature),v0=\(zeros)",
            "t=1700000000, v1=\(stripeSignature)",
        ] {
            try WebhookSignature.verifyStripe(
                stripeRequest(header), secret: "whsec_test_secret", now: signedAt.addingTimeInterval(299))
        }
    }

    @Test func stripeExpiredOrFutureTimestampIsRefused() {
        for offset in [301.0, -301.0] {
            #expect(throws: WebhookSignatureError.timestampOutsideTolerance) {
                try WebhookSignature.verifyStripe(
                    stripeRequest("t=1700000000,v1=\(stripeSignature)"), secret: "whsec_test_secret",
                    now: signedAt.addingTimeInterval(offset))
            }
        }
        #expect(throws: Never.self) {
            try WebhookSignature.verifyStripe(
                stripeRequest("t=1700000000,v1=\(stripeSignature)"), secret: "whsec_test_secret",
                tolerance: .seconds(600), now: signedAt.addingTimeInterval(500))
        }
    }

    @Test func stripeTamperedBodyTimestampOrSchemeIsRefused() {
        var tampered = stripeRequest("t=1700000000,v1=\(stripeSignature)")
        tampered.body = Data(#"{"id":"evt_1","type":"invoice.void"}"#.utf8)
        #expect(throws: WebhookSignatureError.signatureMismatch) {
            try WebhookSignature.verifyStripe(tampered, secret: "whsec_test_secret", now: signedAt)
        }
        // The timestamp is signed too: changing it breaks the signature.
        #expect(throws: WebhookSignatureError.signatureMismatch) {
            try WebhookSignature.verifyStripe(
                stripeRequest("t=1700000001,v1=\(stripeSignature)"), secret: "whsec_test_secret", now: signedAt)
        }
        // Only a v0 signature (Stripe's test scheme) is no v1 signature.
        #expect(throws: WebhookSignatureError.malformedHeader("Stripe-Signature")) {
            try WebhookSignature.verifyStripe(
                stripeRequest("t=1700000000,v0=\(stripeSignature)"), secret: "whsec_test_secret", now: signedAt)
        }
        // GitHub's scheme in Stripe's header.
        #expect(throws: WebhookSignatureError.malformedHeader("Stripe-Signature")) {
            try WebhookSignature.verifyStripe(
                stripeRequest("sha256=\(stripeSignature)"), secret: "whsec_test_secret", now: signedAt)
        }
        #expect(throws: WebhookSignatureError.missingHeader("Stripe-Signature")) {
            try WebhookSignature.verifyStripe(WebhookRequest(body: stripeBody), secret: "whsec_test_secret")
        }
    }

    // MARK: Standard Webhooks (OpenAI)

    /// The scheme's published example (standardwebhooks.com, and Svix's documentation): this
    /// secret, id, time and body give this signature, which Python's `hmac` reproduces:
    /// `base64(hmac.new(b64decode(key), b"<id>.<time>.<body>", sha256).digest())`.
    private let standardSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    private let standardSignature = "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    private let standardSignedAt = Date(timeIntervalSince1970: 1_614_265_330)

    private func standardRequest(
        signature: String, id: String = "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: String = "1614265330",
        body: String = #"{"test": 2432232314}"#
    ) -> WebhookRequest {
        WebhookRequest(
            headers: ["webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature],
            body: Data(body.utf8))
    }

    @Test func standardWebhooksSignatureIsAccepted() throws {
        try WebhookSignature.verifyStandardWebhooks(
            standardRequest(signature: "v1,\(standardSignature)"), secret: standardSecret, now: standardSignedAt)
        // The secret without its prefix is the same key.
        try WebhookSignature.verifyStandardWebhooks(
            standardRequest(signature: "v1,\(standardSignature)"), secret: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            now: standardSignedAt)
    }

    /// An OpenAI-shaped delivery under a secret of this test's own:
    /// `whsec_` + base64 of the 32 bytes `musubi standard webhooks secret!`; the signature is
    /// Python's `base64(hmac.new(key, b"<id>.1750287018.<body>", sha256).digest())`.
    @Test func anOpenAIDeliveryIsAcceptedAmongSeveralSignatures() throws {
        let body =
            #"{"object":"event","id":"evt_685343a1381c819085d44c354e1b330e","type":"response.completed","#
            + #""created_at":1750287018,"data":{"id":"resp_abc"}}"#
        let other = Data(repeating: 7, count: 32).base64EncodedString()
        let request = WebhookRequest(
            headers: [
                "Webhook-Id": "wh_685342e6c53c8190a1be43f081506c52", "Webhook-Timestamp": "1750287018",
                // An older secret's signature first, an asymmetric one (ignored), then this secret's.
                "Webhook-Signature": "v1,\(other) v1a,\(other)  v1,6UW1GCrlo+t0BGCZsakmzlm1D4AliA3wf5bki77V0U0=",
            ],
            body: Data(body.utf8))
        try WebhookSignature.verifyStandardWebhooks(
            request, secret: "whsec_bXVzdWJpIHN0YW5kYXJkIHdlYmhvb2tzIHNlY3JldCE=",
            now: Date(timeIntervalSince1970: 1_750_287_018 - 120))
        #expect(throws: WebhookSignatureError.signatureMismatch) {
            try WebhookSignature.verifyStandardWebhooks(
                request, secret: "whsec_" + other, now: Date(timeIntervalSince1970: 1_750_287_018))
        }
    }

    @Test func standardWebhooksTimeOutsideToleranceIsRefused() {
        let request = standardRequest(signature: "v1,\(standardSignature)")
        for offset in [301.0, -301.0] {
            #expect(throws: WebhookSignatureError.timestampOutsideTolerance) {
                try WebhookSignature.verifyStandardWebhooks(
                    request, secret: standardSecret, now: standardSignedAt.addingTimeInterval(offset))
            }
        }
        #expect(throws: Never.self) {
            try WebhookSignature.verifyStandardWebhooks(
                request, secret: standardSecret, now: standardSignedAt.addingTimeInterval(-300))
            try WebhookSignature.verifyStandardWebhooks(
                request, secret: standardSecret, tolerance: .seconds(600), now: standardSignedAt.addingTimeInterval(500)
            )
        }
    }

    @Test func standardWebhooksWrongSecretOrChangedPartsAreRefused() {
        let signature = "v1,\(standardSignature)"
        // Another key: the published one with its last character changed.
        #expect(throws: WebhookSignatureError.signatureMismatch) {
            try WebhookSignature.verifyStandardWebhooks(
                standardRequest(signature: signature), secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx",
                now: standardSignedAt)
        }
        // The secret's text used as the key, rather than the bytes it encodes.
        #expect(throws: WebhookSignatureError.signatureMismatch) {
            try WebhookSignature.verifyStandardWebhooks(
                standardRequest(signature: signature),
                secret: Data(standardSecret.utf8).base64EncodedString(), now: standardSignedAt)
        }
        // The id, the time and the body are all signed.
        for request in [
            standardRequest(signature: signature, id: "msg_p5jXN8AQM9LWM0D4loKWxJel"),
            standardRequest(signature: signature, timestamp: "1614265331"),
            standardRequest(signature: signature, body: #"{"test": 2432232315}"#),
        ] {
            #expect(throws: WebhookSignatureError.signatureMismatch) {
                try WebhookSignature.verifyStandardWebhooks(
                    request, secret: standardSecret, now: standardSignedAt)
            }
        }
    }

    @Test func standardWebhooksMalformedHeadersOrSecretAreRefused() {
        func verify(_ request: WebhookRequest, secret: String? = nil) throws(WebhookSignatureError) {
            try WebhookSignature.verifyStandardWebhooks(
                request, secret: secret ?? standardSecret, now: standardSignedAt)
        }
        // Only a signature of another version; a signature that is not base64; no comma.
        for header in ["v1a,\(standardSignature)", "v1,not base64!", "v1=\(standardSignature)"] {
            #expect(throws: WebhookSignatureError.malformedHeader("webhook-signature")) {
                try verify(standardRequest(signature: header))
            }
        }
        for timestamp in ["", "-1614265330", "1614265330.0", "soon"] {
            #expect(throws: WebhookSignatureError.malformedHeader("webhook-timestamp")) {
                try verify(standardRequest(signature: "v1,\(standardSignature)", timestamp: timestamp))
            }
        }
        #expect(throws: WebhookSignatureError.missingHeader("webhook-id")) {
            try verify(WebhookRequest(body: Data()))
        }
        #expect(throws: WebhookSignatureError.missingHeader("webhook-signature")) {
            try verify(
                WebhookRequest(headers: ["webhook-id": "msg_1", "webhook-timestamp": "1614265330"], body: Data()))
        }
        for secret in ["whsec_not base64", "whsec_", "It's a Secret to Everybody"] {
            #expect(throws: WebhookSignatureError.malformedSecret) {
                try verify(standardRequest(signature: "v1,\(standardSignature)"), secret: secret)
            }
        }
    }

    @Test func standardWebhooksHeaderPrefixNamesTheHeaders() throws {
        let request = WebhookRequest(
            headers: [
                "svix-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "svix-timestamp": "1614265330",
                "svix-signature": "v1,\(standardSignature)",
            ],
            body: Data(#"{"test": 2432232314}"#.utf8))
        try WebhookSignature.verifyStandardWebhooks(
            request, secret: standardSecret, now: standardSignedAt, headerPrefix: "svix")
        #expect(throws: WebhookSignatureError.missingHeader("webhook-id")) {
            try WebhookSignature.verifyStandardWebhooks(request, secret: standardSecret, now: standardSignedAt)
        }
    }

    // MARK: Choosing the event

    @Test func theEventWithTheMostMatchingRequirementsIsChosen() {
        let routes = [
            WebhookEventRoute(name: "issues", headers: ["X-GitHub-Event": "issues"]),
            WebhookEventRoute(
                name: "issues-opened", headers: ["X-GitHub-Event": "issues"], bodyFields: ["action": "opened"]),
            WebhookEventRoute(name: "invoice.paid", bodyFields: ["type": "invoice.paid"]),
            WebhookEventRoute(name: "anything"),
        ]
        func name(_ headers: HTTPHeaders, _ body: String) -> String? {
            WebhookRequest(headers: headers, body: Data(body.utf8)).eventName(among: routes)
        }
        #expect(name(["x-github-event": "issues"], #"{"action":"opened"}"#) == "issues-opened")
        #expect(name(["x-github-event": "issues"], #"{"action":"closed"}"#) == "issues")
        #expect(name([:], #"{"type":"invoice.paid","data":{"type":"x"}}"#) == "invoice.paid")
        #expect(name([:], #"{"type":"invoice.void"}"#) == nil)
        #expect(name([:], "not json") == nil)
        // Two events matched alike: guessing could decode the body as the wrong one.
        let alike = [
            WebhookEventRoute(name: "issues-opened", bodyFields: ["action": "opened"]),
            WebhookEventRoute(name: "pull-request-opened", bodyFields: ["action": "opened"]),
        ]
        #expect(WebhookRequest(body: Data(#"{"action":"opened"}"#.utf8)).eventName(among: alike) == nil)
        // The only event, with nothing to tell it apart, is every request of its method.
        let only = [WebhookEventRoute(name: "newPet", method: .post)]
        #expect(WebhookRequest(body: Data()).eventName(among: only) == "newPet")
        #expect(WebhookRequest(method: .put, body: Data()).eventName(among: only) == nil)
    }

    /// Events in one envelope (Anthropic's `{type: "event", data: {type: …}}`) are told apart
    /// by a string one level down; a body without it is no event.
    @Test func eventsInOneEnvelopeAreToldApartOneLevelDown() {
        let routes = ["session.created", "session.deleted"].map {
            WebhookEventRoute(name: $0, bodyFields: ["type": "event"], nestedBodyFields: ["data": ["type": $0]])
        }
        func name(_ body: String) -> String? {
            WebhookRequest(body: Data(body.utf8)).eventName(among: routes)
        }
        #expect(name(#"{"type":"event","data":{"type":"session.deleted","id":"s1"}}"#) == "session.deleted")
        #expect(name(#"{"type":"event","data":{"type":"session.created"}}"#) == "session.created")
        #expect(name(#"{"type":"event","data":{"type":"vault.deleted"}}"#) == nil)
        #expect(name(#"{"type":"event","data":"session.created"}"#) == nil)
        #expect(name(#"{"type":"event"}"#) == nil)
    }
}
