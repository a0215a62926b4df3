/// A response body together with the response headers the spec documents.
///
/// The `Response` of an operation whose success response documents headers (a rate limit, a
/// `Location`, a pagination `Link`): `let page = try await client.send(ListPets())` gives
/// `page.body` and `page.headers.rateLimitRemaining`, both typed. Operations documenting no
/// headers keep the body type itself as their `Response`.
public struct WithHeaders<Body: Sendable, Headers: Sendable>: Sendable {
    public var body: Body
    public var headers: Headers

    public init(body: Body, headers: Headers) {
        self.body = body
        self.headers = headers
    }
}

extension WithHeaders: Equatable where Body: Equatable, Headers: Equatable {}
extension WithHeaders: Hashable where Body: Hashable, Headers: Hashable {}

extension HTTPResponse {
    /// The response's headers as a generated headers type, each property read from the field
    /// named by its key (ignoring case). See `HTTPHeadersDecoder`.
    public func decodeHeaders<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try HTTPHeadersDecoder().decode(type, from: headers)
    }
}
