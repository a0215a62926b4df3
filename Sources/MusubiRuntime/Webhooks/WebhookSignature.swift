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
        let tolerated = Double(tolerance.components.seconds)
        guard abs(now.timeIntervalSince1970 - Double(seconds)) <= tolerated else { throw .timestampOutsideTolerance }
        let expected = HMACSHA256.authenticationCode(
            for: Array("\(seconds).".utf8) + Array(request.body), key: Array(secret.utf8))
        // Every signature is compared, so the time taken does not tell which one matched.
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
    /// The header is not written as the scheme says (another scheme's, or not hexadecimal).
    case malformedHeader(String)
    /// The signature is not the one the secret gives for this body: the request was not sent
    /// by the API, was changed on the way, or the secret is wrong.
    case signatureMismatch
    /// The signed time is further from now than the tolerance allows: a replayed request, or
    /// a clock that is off.
    case timestampOutsideTolerance
}
