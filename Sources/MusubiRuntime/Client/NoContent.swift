/// The `Response` of an operation that returns no body, such as a `204 No Content` delete.
///
/// Deliberately not `Decodable`: `Request` has one default `decodeResponse` for `Decodable`
/// responses and one for `NoContent`, and a type matching both would make the choice
/// ambiguous. Any body the server sends anyway is ignored.
public struct NoContent: Hashable, Sendable {
    public init() {}
}
