import Foundation
import MusubiRuntime

// Security schemes and requests shaped like generated code, one scheme of every kind.

extension SecurityScheme {
    static let keyHeader = SecurityScheme("key_header", .apiKey(name: "X-API-Key", in: .header))
    static let keyQuery = SecurityScheme("key_query", .apiKey(name: "api_key", in: .query))
    static let keyCookie = SecurityScheme("key_cookie", .apiKey(name: "session", in: .cookie))
    static let basicAuth = SecurityScheme("basic_auth", .http(scheme: "basic"))
    static let bearerAuth = SecurityScheme("bearer_auth", .http(scheme: "bearer"))
    static let digestAuth = SecurityScheme("digest_auth", .http(scheme: "digest"))
    static let oauth = SecurityScheme("oauth", .oauth2)
    static let openID = SecurityScheme("open_id", .openIDConnect)
    static let clientCertificate = SecurityScheme("client_certificate", .mutualTLS)
}

/// The `security` of a fixture request, as a type so one request shape serves every case.
protocol SecurityPolicy {
    static var security: [SecurityRequirement] { get }
}

/// `GET /secret`, requiring what `Policy` says.
struct GetSecret<Policy: SecurityPolicy>: Request {
    typealias Response = NoContent
    var method: HTTPMethod { .get }
    var path: RequestPath { "/secret" }
    static var security: [SecurityRequirement] { Policy.security }
}

/// `POST /secret`: not idempotent, so only an authentication refresh may send it twice.
struct PostSecret<Policy: SecurityPolicy>: Request {
    typealias Response = NoContent
    var method: HTTPMethod { .post }
    var path: RequestPath { "/secret" }
    var requestBody: RequestBody? { .json(["a": 1]) }
    static var security: [SecurityRequirement] { Policy.security }
}

enum HeaderKey: SecurityPolicy { static var security: [SecurityRequirement] { [[.keyHeader: []]] } }
enum QueryKey: SecurityPolicy { static var security: [SecurityRequirement] { [[.keyQuery: []]] } }
enum CookieKey: SecurityPolicy { static var security: [SecurityRequirement] { [[.keyCookie: []]] } }
enum Basic: SecurityPolicy { static var security: [SecurityRequirement] { [[.basicAuth: []]] } }
enum Bearer: SecurityPolicy { static var security: [SecurityRequirement] { [[.bearerAuth: []]] } }
enum Digest: SecurityPolicy { static var security: [SecurityRequirement] { [[.digestAuth: []]] } }
enum OAuth: SecurityPolicy { static var security: [SecurityRequirement] { [[.oauth: ["read", "write"]]] } }
enum OpenID: SecurityPolicy { static var security: [SecurityRequirement] { [[.openID: []]] } }
/// OAuth, or else the header key.
enum OAuthOrHeaderKey: SecurityPolicy {
    static var security: [SecurityRequirement] { [[.oauth: ["read"]], [.keyHeader: []]] }
}
/// The header key and a bearer token together.
enum HeaderKeyAndBearer: SecurityPolicy {
    static var security: [SecurityRequirement] { [[.keyHeader: [], .bearerAuth: []]] }
}
/// Anonymous access allowed, the header key preferred.
enum OptionalHeaderKey: SecurityPolicy { static var security: [SecurityRequirement] { [[:], [.keyHeader: []]] } }
/// A client certificate, or else the header key.
enum CertificateOrHeaderKey: SecurityPolicy {
    static var security: [SecurityRequirement] { [[.clientCertificate: []], [.keyHeader: []]] }
}
