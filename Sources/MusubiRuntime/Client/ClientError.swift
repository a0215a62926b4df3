import Foundation

/// Everything that can go wrong sending a request, thrown (typed) by `Client.send`.
///
/// Generic over the request's documented error body, so the `.status` case hands the caller
/// an already decoded `Failure` — an `ErrorModel` they can switch on — rather than bytes.
public enum ClientError<Failure: Sendable>: Error, CustomStringConvertible {
    /// No response arrived: connection failure, timeout, cancellation (`CancellationError`), or
    /// an error thrown by an interceptor.
    case transport(any Error)
    /// The server answered with a status the request does not accept. The `Failure` is the
    /// body decoded as the documented error shape, `nil` when there is none or it did not
    /// match; the response keeps the headers and the raw body either way.
    case status(Int, Failure?, HTTPResponse)
    /// The status was acceptable but the body did not match the documented shape.
    /// `codingPath` locates the problem (`pets[2].status`, empty for the whole body) and
    /// `detail` says what was wrong (`expected String, found number 3`).
    case decoding(codingPath: String, detail: String)
    /// The request could not be built or its body encoded; nothing was sent.
    case encoding(String)
    /// The call took longer than its ``CallOptions/timeout`` (retries and their waits
    /// included) and was cancelled. Whether the server acted on the request is unknown.
    case timedOut(after: Duration)

    /// One line saying what went wrong, for logs and alerts.
    public var description: String {
        switch self {
        case .transport(let error):
            return "No response: \(Self.oneLine(String(describing: error)))"
        case .status(let statusCode, let failure, let response):
            if let failure {
                return "HTTP \(statusCode): \(Self.oneLine(String(describing: failure)))"
            }
            if response.body.isEmpty {
                return "HTTP \(statusCode) with no body"
            }
            guard let text = String(data: response.body, encoding: .utf8) else {
                return "HTTP \(statusCode) with a \(response.body.count)-byte body"
            }
            return "HTTP \(statusCode): \(Self.oneLine(text))"
        case .decoding(let codingPath, let detail):
            return "Undecodable response at \(codingPath.isEmpty ? "top level" : codingPath): \(detail)"
        case .encoding(let detail):
            return "Request not sent: \(detail)"
        case .timedOut(let timeout):
            return "No response within the call's timeout of \(timeout)"
        }
    }

    /// Collapses whitespace runs (including line breaks) to one space and cuts long text, so a
    /// whole HTML error page does not end up in a log line.
    private static func oneLine(_ text: String, limit: Int = 200) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let line = words.joined(separator: " ")
        return line.count > limit ? line.prefix(limit) + "…" : line
    }
}
