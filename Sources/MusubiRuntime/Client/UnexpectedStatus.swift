/// Thrown by a request's own `decodeResponse` when the status is acceptable but not one the
/// operation documents (a `201` where only `200` and `202` have shapes).
///
/// `Client` reports it as `ClientError.status`, with the request's `decodeFailure` applied,
/// exactly as if the status had not been acceptable: to the caller both mean "the server
/// answered with a status this client cannot turn into a `Response`".
public struct UnexpectedStatus: Error, Hashable, Sendable {
    public init() {}
}
