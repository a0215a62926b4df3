import Testing

@testable import MusubiDocument

@Suite struct ParameterAndServerLoadingTests {
    static let spec = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        servers:
          - url: https://api.example.com
        paths:
          /files:
            servers:
              - url: https://files.example.com/{version}
                description: Files
                variables:
                  version: {default: v1, enum: [v1, v2]}
            parameters:
              - {name: color, in: path, required: true, style: matrix, explode: true, schema: {type: string}}
            get:
              parameters:
                - {name: next, in: query, allowReserved: true, schema: {type: string}}
                - name: at
                  in: query
                  content:
                    application/json:
                      schema: {type: object, properties: {lat: {type: number}}}
              responses: {"204": {description: none}}
            post:
              servers:
                - url: https://uploads.example.com
              responses: {"204": {description: none}}
          /plain:
            get:
              responses: {"204": {description: none}}
        """

    @Test func allowReservedStyleExplodeAndContentAreKept() throws {
        let document = try #require(load(Self.spec.replacingOccurrences(of: "/files:", with: "/files/{color}:")))
            .document
        let parameters = try #require(document.operations.first).parameters
        let next = try #require(parameters.first { $0.name == "next" })
        #expect(next.allowReserved)
        #expect(next.contentType == nil)
        let at = try #require(parameters.first { $0.name == "at" })
        #expect(at.contentType == "application/json")
        #expect(at.schema != nil)
        #expect(!at.allowReserved)
        let color = try #require(parameters.first { $0.name == "color" })
        #expect(color.style == .matrix)
        #expect(color.explode)
    }

    @Test func operationsKeepTheirOwnOrTheirPathItemsServers() throws {
        let document = try #require(load(Self.spec)).document
        let operations = document.operations.map { "\($0.method.rawValue) \($0.path)" }
        #expect(operations == ["get /files", "post /files", "get /plain"])
        let get = document.operations[0]
        let post = document.operations[1]
        let plain = document.operations[2]
        #expect(get.servers.map(\.url) == ["https://files.example.com/{version}"])
        #expect(get.servers.first?.variables.first?.allowedValues == ["v1", "v2"])
        #expect(post.servers.map(\.url) == ["https://uploads.example.com"])
        #expect(plain.servers.isEmpty)
        #expect(document.servers.map(\.url) == ["https://api.example.com"])
    }

    /// An operation repeating the API's server without its variables (Sentry's
    /// `https://{region}.sentry.io`) has the API's server, so no servers of its own: its
    /// request goes to the client's, rather than to a URL that keeps `{region}`. The API's URL
    /// with another default (Datadog's log intake) is a server of the operation's own, and a
    /// variable it leaves out is the API's.
    @Test func operationServersRepeatingTheAPIsAreTheAPIs() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            servers:
              - url: https://{region}.example.com/{version}
                variables:
                  region: {default: us, enum: [us, de]}
                  version: {default: v1}
            paths:
              /models:
                get:
                  servers: [{url: 'https://{region}.example.com/{version}'}]
                  responses: {"204": {description: none}}
              /logs:
                post:
                  servers:
                    - url: https://{region}.example.com/{version}
                      variables:
                        version: {default: intake}
                  responses: {"204": {description: none}}
            """
        let document = try #require(load(spec)).document
        #expect(document.operations[0].servers.isEmpty)
        let logs = try #require(document.operations[1].servers.first)
        #expect(logs.variables.map { "\($0.name)=\($0.defaultValue)" } == ["version=intake", "region=us"])
    }

    /// A server variable's value listed twice is listed once, with a located warning: as two
    /// enum cases of one raw value, Datadog's `site` did not compile.
    @Test func aServerVariableValueListedTwiceIsListedOnce() throws {
        let spec = Self.spec.replacingOccurrences(of: "enum: [v1, v2]", with: "enum: [v1, v2, v1]")
        let result = try #require(load(spec))
        let version = try #require(result.document.operations.first?.servers.first?.variables.first)
        #expect(version.allowedValues == ["v1", "v2"])
        #expect(
            result.warnings.first?.description == "spec.yaml:11:49: warning: duplicate enum value 'v1' is ignored")
    }
}
