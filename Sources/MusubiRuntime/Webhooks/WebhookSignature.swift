import Foundation

/// Checks the HMAC-SHA256 signatures webhook senders put on their requests, so that a
/// server acts only on events the API really sent.
///
/// Each check computes the code over the body exactly as received and compares it with the
/// sent one in constant time (``HMACSHA256/constantTimeEquals(_:_:)``). It throws
/// ``WebhookSignatureError`` when the request is not signed as the scheme says; decode the
/// event only after it returned.
///
/// ```swift
/// try WebhookSignature.verifyGitHub(request, secret: secret)
/// let event = try GitHubWebhookEvent(request: request)
/// ```
public enum WebhookSignature {
    /// GitHub's scheme: `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the body
    /// under the webhook's secret, in lowercase or uppercase hexadecimal.
    public static func verifyGitHub(
        _ request: WebhookRequest, secret: String, header: String = "X-Hub-Signature-256"
    ) throws(WebhookSignatureError) {
        guard let value = request.headers[header] else { throw .missingHeader(header) }
        let prefix = "sha256="
        guard value.hasPrefix(prefix), let sent = hexBytes(value.dropFirst(prefix.count)) else {
            throw .malformedHeader(header)
        }
        let expected = HMACSHA256.authenticationCode(for: request.body, key: Array(secret.utf8))
        guard HMACSHA256.constantTimeEquals(expected, sent) else { throw .signatureMismatch }
    }

    /// Stripe's scheme: `Stripe-Signature: t=<unix time>,v1=<hex>[,v1=<hex>…]`, each `v1` the
    /// HMAC-SHA256 of `<t>.<body>` under the endpoint's secret (`whsec_…`). Any one `v1`
    /// matching is enough (Stripe sends several while a secret is being rolled); other
    /// schemes (`v0`) are ignored. The time must be within `tolerance` of `now`, either way,
    /// so a recorded request cannot be replayed later.
    public static func verifyStripe(
        _ request: WebhookRequest, secret: String, tolerance: Duration = .seconds(300), now: Date = Date(),
        header: String = "Stripe-Signature"
    ) throws(WebhookSignatureError) {
        guard let value = request.headers[header] else { throw .missingHeader(header) }
        var timestamp: Substring?
        var signatures: [[UInt8]] = []
        for item in value.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw .malformedHeader(header) }
            let key = parts[0].trimmingCharacters(in: .whitespaces)
            let text = Substring(parts[1].trimmingCharacters(in: .whitespaces))
            if key == "t" {
                timestamp = text
            } else if key == "v1" {
                guard let bytes = hexBytes(text) else { throw .malformedHeader(header) }
                signatures.append(bytes)
            }
        }
        guard let timestamp, let seconds = Int64(timestamp), !signatures.isEmpty else {
            throw .malformedHeader(header)
        }
        try checkTimestamp(seconds, tolerance: tolerance, now: now)
        let expected = HMACSHA256.authenticationCode(
            for: Array("\(seconds).".utf8) + Array(request.body), key: Array(secret.utf8))
        try checkAnyMatches(expected, signatures)
    }

    /// The Standard Webhooks scheme (standardwebhooks.com), which OpenAI's webhooks use: three
    /// headers, `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature:
    /// v1,<base64>[ v1,<base64>…]`, each `v1` the HMAC-SHA256 of `<id>.<timestamp>.<body>` under
    /// the secret's bytes.
    ///
    /// The secret is given as the sender shows it, `whsec_` followed by the key in base64
    /// (`whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw`); without the prefix it is read as base64 too,
    /// as the scheme's own libraries do. Any one `v1` signature matching is enough (several are
    /// sent while a secret is being rolled); signatures of other versions (`v1a`, asymmetric)
    /// are ignored. The time must be within `tolerance` of `now`, either way, so a recorded
    /// request cannot be replayed later; the id, signed too, lets a receiver drop a delivery
    /// it has already handled. `headerPrefix` is the headers' common prefix: `webhook` as the
    /// scheme names them, `svix` for senders using Svix's original names (`svix-id`, …).
    public static func verifyStandardWebhooks(
        _ request: WebhookRequest, secret: String, tolerance: Duration = .seconds(300), now: Date = Date(),
        headerPrefix: String = "webhook"
    ) throws(WebhookSignatureError) {
        let prefix = "whsec_"
        let encodedKey = secret.hasPrefix(prefix) ? secret.dropFirst(prefix.count) : Substring(secret)
        guard let key = Data(base64Encoded: String(encodedKey)), !key.isEmpty else { throw .malformedSecret }
        let idHeader = headerPrefix + "-id"
        let timestampHeader = headerPrefix + "-timestamp"
        let signatureHeader = headerPrefix + "-signature"
        guard let id = request.headers[idHeader] else { throw .missingHeader(idHeader) }
        guard let timestampText = request.headers[timestampHeader] else { throw .missingHeader(timestampHeader) }
        guard let value = request.headers[signatureHeader] else { throw .missingHeader(signatureHeader) }
        let timestampDigits = timestampText.trimmingCharacters(in: .whitespaces)
        guard !timestampDigits.isEmpty, timestampDigits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seconds = Int64(timestampDigits)
        else { throw .malformedHeader(timestampHeader) }

        var signatures: [[UInt8]] = []
        for entry in value.split(separator: " ", omittingEmptySubsequences: true) {
            let parts = entry.split(separator: ",", maxSplits: 1)
            guard parts.count == 2 else { throw .malformedHeader(signatureHeader) }
            guard parts[0] == "v1" else { continue }
            guard let bytes = Data(base64Encoded: String(parts[1])) else { throw .malformedHeader(signatureHeader) }
            signatures.append(Array(bytes))
        }
        guard !signatures.isEmpty else { throw .malformedHeader(signatureHeader) }

        try checkTimestamp(seconds, tolerance: tolerance, now: now)
        let expected = HMACSHA256.authenticationCode(
            for: Array("\(id).\(seconds).".utf8) + Array(request.body), key: Array(key))
        try checkAnyMatches(expected, signatures)
    }

    /// Throws unless the signed time `seconds` (Unix time) is within `tolerance` of `now`.
    private static func checkTimestamp(
        _ seconds: Int64, tolerance: Duration, now: Date
    ) throws(WebhookSignatureError) {
        let tolerated = Double(tolerance.components.seconds)
        guard abs(now.timeIntervalSince1970 - Double(seconds)) <= tolerated else { throw .timestampOutsideTolerance }
    }

    /// Throws unless one of the sent signatures is the expected code. Every signature is
    /// compared, so the time taken does not tell which one matched.
    private static func checkAnyMatches(_ expected: [UInt8], _ signatures: [[UInt8]]) throws(WebhookSignatureError) {
        var matched = false
        for signature in signatures where HMACSHA256.constantTimeEquals(expected, signature) { matched = true }
        guard matched else { throw .signatureMismatch }
    }

    /// The bytes of a hexadecimal text, or nil when it is not one.
    static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why a webhook request's signature was refused.
public enum WebhookSignatureError: Error, Equatable, Sendable {
    /// The request has no signature header of this name.
    case missingHeader(String)
    /// The header is not written as the scheme says (another scheme's, not hexadecimal or not
    /// base64, or without a signature of the version checked).
    case malformedHeader(String)
    /// The secret is not written as the scheme says: a Standard Webhooks secret is base64
    /// (after its `whsec_` prefix). A configuration mistake, not a forged request.
    case malformedSecret
    /// The signature is not the one the secret gives for this body: the request was not sent
    /// by the API, was changed on the way, or the secret is wrong.
    case signatureMismatch
    /// The signed time is further from now than the tolerance allows: a replayed request, or
    /// a clock that is off.
    case timestampOutsideTolerance
}
