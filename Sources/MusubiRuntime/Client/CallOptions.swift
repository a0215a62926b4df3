import Foundation

/// What one call changes for itself, without a client of its own:
/// `client.send(CreateCharge(body: charge), options: .init(headers: ["Stripe-Account": id]))`.
///
/// Every value is optional and the default changes nothing, so `send(_:)` and
/// `send(_:options: CallOptions())` are the same call. Every way of calling takes them:
/// ``Client/send(_:options:)``, ``Client/send(_:options:completion:)``,
/// ``Client/stream(_:options:)`` (the timeout bounds the wait for the response head), and
/// ``Client/all(_:options:)`` and ``Client/pages(_:options:)``, which apply them to each page's
/// request as a call of its own.
public struct CallOptions: Hashable, Sendable {
    /// Headers set on this call's request, replacing any the request builds itself (an
    /// `If-None-Match`, an `Idempotency-Key` of your own). The client's interceptors still run
    /// after, so authentication sets its own headers over these.
    public var headers: HTTPHeaders
    /// The longest the whole call may take — every attempt and the waits between them. When it
    /// is over the call is cancelled and fails with ``ClientError/timedOut(after:)``.
    public var timeout: Duration?
    /// Replaces the client's retry policy for this call (``RetryPolicy/never`` turns retries off).
    /// On a client without ``Interceptor/retry(_:clock:random:)``, the call is retried outside
    /// all its interceptors.
    public var retry: RetryPolicy?

    public init(headers: HTTPHeaders = [:], timeout: Duration? = nil, retry: RetryPolicy? = nil) {
        self.headers = headers
        self.timeout = timeout
        self.retry = retry
    }
}

/// Thrown inside a call whose ``CallOptions/timeout`` ran out; the client reports it as
/// ``ClientError/timedOut(after:)``.
struct CallTimeout: Error {}
