import MusubiDocument
import Testing

@testable import MusubiClientModel

/// The request builders decide typed values (``RequestDecision``, ``APIDecision``); the
/// presentation step writes and lays them out. These tests check each side on its own.
@Suite struct RequestDecisionTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Shop, version: '1'}
        servers:
          - {url: 'https://{region}.shop.example', variables: {region: {default: eu, enum: [eu, us]}}}
        components:
          securitySchemes:
            api_key: {type: apiKey, name: X-Key, in: header}
        paths:
          /orders/{orderId}:
            post:
              operationId: updateOrder
              security: [{api_key: []}]
              parameters:
                - {name: orderId, in: path, required: true, style: label, schema: {type: integer}}
                - {name: tags, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}
                - {name: filter, in: query, content: {application/json: {schema: {type: object}}}}
              requestBody:
                required: true
                content:
                  application/json: {schema: {type: object, properties: {note: {type: string}}}}
                  text/plain: {schema: {type: string}}
              responses:
                '200': {description: updated, content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}
                '202': {description: queued}
                '404': {description: missing, content: {application/json: {schema: {type: object, properties: {message: {type: string}}}}}}
        """

    func decision(_ name: String, in yaml: String = spec) throws -> RequestDecision {
        let model = try #require(build(yaml)).model
        return try #require(model.requestDecisions.first { $0.name == name })
    }

    @Test func parametersKeepTheirStyleAndExplode() throws {
        let request = try decision("UpdateOrder")
        #expect(request.parameters.map(\.name) == ["orderID", "tags", "filter"])
        let orderID = request.parameters[0]
        #expect(orderID.location == .path)
        #expect(orderID.specName == "orderId")
        #expect(orderID.type == .int)
        #expect(orderID.isRequired)
        #expect(orderID.serialization == .style(.label, explode: false))
        #expect(orderID.isScalar)
        let tags = request.parameters[1]
        #expect(tags.serialization == .style(.pipeDelimited, explode: false))
        #expect(tags.type == .array(.string))
        #expect(!tags.isScalar)
        #expect(!tags.isRequired)
        #expect(request.parameters[2].serialization == .json)
    }

    @Test func aBodyOfTwoMediaTypesIsAlternatives() throws {
        let body = try #require(try decision("UpdateOrder").body)
        #expect(body.name == "body")
        #expect(body.isRequired)
        guard case .alternatives(let alternatives) = body.content else {
            Issue.record("expected alternatives, got \(body.content)")
            return
        }
        #expect(alternatives.map(\.name) == ["json", "text"])
        #expect(alternatives.map(\.mediaType) == ["application/json", "text/plain"])
        #expect(alternatives[0].format == .json(.named("UpdateOrderBody"), contentType: nil))
        #expect(alternatives[1].format == .text(contentType: "text/plain"))
    }

    @Test func responsesMapStatusesToPayloads() throws {
        let responses = try decision("UpdateOrder").responses
        guard case .byStatus(let cases) = responses.success else {
            Issue.record("expected a case per status, got \(responses.success)")
            return
        }
        #expect(cases.map(\.status) == [.code(200), .code(202)])
        #expect(cases.map(\.name) == ["ok", "accepted"])
        #expect(cases[0].payload.type == .named("UpdateOrderResponse"))
        #expect(cases[0].payload.decoding == .json)
        #expect(cases[1].payload == .none)
        #expect(
            responses.failure
                == .single(
                    RequestDecision.Payload(
                        type: .named("UpdateOrderNotFoundError"), decoding: .json, contentType: "application/json")))
        #expect(responses.statusesBeyond2XX.isEmpty)
        #expect(responses.acceptedMediaTypes.isEmpty)
    }

    @Test func serverAndSecurityAreDecisions() throws {
        let model = try #require(build(Self.spec)).model
        let server = try #require(model.apiDecision.servers.first)
        #expect(server.url == "https://{region}.shop.example")
        #expect(server.variables.map(\.value) == [.choice(type: "Region", defaultCase: "eu")])
        #expect(model.apiDecision.serverEnums.map(\.cases.count) == [2])
        #expect(model.apiDecision.securitySchemes.map(\.specName) == ["api_key"])
        let request = try decision("UpdateOrder")
        #expect(request.security == [.init(schemes: [.init(apiMember: "shop", member: "apiKey", scopes: [])])])
    }

    /// A relative server a path item shares is declared at each mention, for each request, with
    /// one enum of its variable's values: what its variables become is decided once.
    @Test func aSharedRelativeServerIsDeclaredPerMentionWithOneEnum() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /a0:
                    servers: [{url: '/{v}/api', variables: {v: {default: e1, enum: [e0, e1]}}}]
                    get: {operationId: getA0, responses: {'204': {description: ok}}}
                  /a1: {$ref: '#/paths/~1a0'}
                """)
        ).model
        let servers = model.apiDecision.servers
        // The shared operation ID names the second request with a number.
        #expect(servers.map(\.name) == ["getA0", "getA02"])
        #expect(
            servers.allSatisfy { $0.isRelative && $0.variables.map(\.value) == [.choice(type: "V", defaultCase: "e1")] }
        )
        #expect(model.apiDecision.serverEnums.map(\.cases.count) == [2])
    }

    /// `dump-model` prints the decisions, not the lines laid out from them.
    @Test func jsonShowsRequestDecisions() throws {
        let json = try #require(build(Self.spec)).model.jsonText()
        #expect(json.contains(#""requestDecisions" : ["#))
        #expect(json.contains(#""apiDecision" : {"#))
        #expect(json.contains(#""serialization" : {"#))
        #expect(!json.contains(#""requests" : ["#))
        #expect(!json.contains("queryLines"))
        #expect(!json.contains("declarationLines"))
    }

    // MARK: Presentation

    static func parameter(_ name: String, location: Parameter.Location) -> RequestDecision.Parameter {
        RequestDecision.Parameter(
            name: name, specName: name, location: location, type: .string, isRequired: true,
            serialization: .style(location == .query ? .form : .simple, explode: location == .query),
            allowReserved: false, isScalar: true, description: nil, isDeprecated: false)
    }

    static func request(parameters: [RequestDecision.Parameter]) -> RequestDecision {
        RequestDecision(
            name: "Search", fileName: "Requests/Search.swift", method: .get, path: "/search", operationID: nil,
            summary: nil, description: nil, isDeprecated: false, parameters: parameters, body: nil, server: nil,
            responses: RequestDecision.Responses(
                success: .single(.none), failure: nil, statusesBeyond2XX: [], notModified: nil, acceptedMediaTypes: []),
            stream: nil, security: [])
    }

    static let presentation = RequestPresentation(
        header: "// header", access: "public ", imports: [], protocolName: "ShopRequest")

    @Test func aShortQueryStaysOnOneLine() {
        let presented = Self.presentation.present(Self.request(parameters: [Self.parameter("q", location: .query)]))
        #expect(presented.hasQuery)
        #expect(presented.queryLines == [#"[QueryParameter("q", q)]"#])
    }

    /// The query array sits at column 8 of the template: items that do not fit together go one
    /// a line, each with a trailing comma.
    @Test func aLongQueryWrapsOneItemALine() {
        let names = ["firstParameter", "secondParameter", "thirdParameter"]
        let presented = Self.presentation.present(
            Self.request(parameters: names.map { Self.parameter($0, location: .query) }))
        #expect(
            presented.queryLines == [
                "[",
                #"    QueryParameter("firstParameter", firstParameter),"#,
                #"    QueryParameter("secondParameter", secondParameter),"#,
                #"    QueryParameter("thirdParameter", thirdParameter),"#,
                "]",
            ])
        #expect(!presented.hasHeaders)
    }

    @Test func explodeIsWrittenOnlyWhereItChangesSomething() {
        var tags = Self.parameter("tags", location: .query)
        tags.isScalar = false
        tags.serialization = .style(.form, explode: false)
        #expect(RequestPresentation.expression(of: tags) == #"QueryParameter("tags", tags, explode: false)"#)
        tags.isScalar = true
        #expect(RequestPresentation.expression(of: tags) == #"QueryParameter("tags", tags)"#)
        tags.isScalar = false
        tags.serialization = .style(.deepObject, explode: false)
        #expect(RequestPresentation.expression(of: tags) == #"QueryParameter("tags", tags, style: .deepObject)"#)
    }
}
