import MusubiDocument
import Testing

@testable import MusubiClientModel

/// Which operations are paginated and how: detected from the spec, or stated in
/// `x-musubi-pagination`.
@Suite struct PaginationDetectionTests {
    /// One list operation per scheme, and operations that look like lists but are not
    /// unambiguous.
    static let spec = """
        openapi: 3.0.3
        info: {title: T, version: '1'}
        paths:
          /issues:
            get:
              operationId: listIssues
              parameters:
                - {name: per_page, in: query, schema: {type: integer}}
                - {name: page, in: query, schema: {type: integer}}
              responses:
                '200':
                  description: ok
                  headers:
                    Link: {schema: {type: string}}
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Item'}}
          /runners:
            get:
              operationId: listRunners
              responses:
                '200':
                  description: ok
                  headers:
                    link: {schema: {type: string}}
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          total_count: {type: integer}
                          runners: {type: array, items: {$ref: '#/components/schemas/Item'}}
          /reviewers:
            get:
              operationId: listReviewers
              responses:
                '200':
                  description: two lists, no telling which
                  headers:
                    Link: {schema: {type: string}}
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          users: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          teams: {type: array, items: {$ref: '#/components/schemas/Item'}}
          /customers:
            get:
              operationId: listCustomers
              parameters:
                - {name: starting_after, in: query, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data, has_more]
                        properties:
                          data: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          has_more: {type: boolean}
          /assistants:
            get:
              operationId: listAssistants
              parameters:
                - {name: after, in: query, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data, has_more]
                        properties:
                          data: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          last_id: {type: string}
                          has_more: {type: boolean}
          /channels:
            get:
              operationId: listChannels
              parameters:
                - {name: cursor, in: query, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          channels: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          response_metadata:
                            type: object
                            properties:
                              next_cursor: {type: string}
          /events:
            get:
              operationId: listEvents
              parameters:
                - {name: pageToken, in: query, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          items: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          nextPageToken: {type: string}
          /logs:
            get:
              operationId: listLogs
              parameters:
                - {name: offset, in: query, schema: {type: integer}}
                - {name: limit, in: query, schema: {type: integer}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Item'}}
          /volumes:
            get:
              operationId: listVolumes
              parameters:
                - {name: page, in: query, schema: {type: integer, default: 0}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          data: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          pages: {type: integer}
          /projects:
            get:
              operationId: listProjects
              parameters:
                - {name: startAt, in: query, schema: {type: integer, format: int64}}
                - {name: maxResults, in: query, schema: {type: integer, format: int32}}
              responses:
                '200':
                  description: Atlassian's page
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          startAt: {type: integer}
                          total: {type: integer}
                          values: {type: array, items: {$ref: '#/components/schemas/Item'}}
          /apps:
            get:
              operationId: listApps
              parameters:
                - {name: limit, in: query, schema: {type: integer}}
              responses:
                '200':
                  description: JSON:API's page
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data, links]
                        properties:
                          data: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          included: {type: array, items: {type: object}}
                          links:
                            type: object
                            required: [self]
                            properties: {self: {type: string, format: uri}, next: {type: string, format: uri}}
          /secrets:
            get:
              operationId: listSecrets
              responses:
                '200':
                  description: Azure's page
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          value: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          nextLink: {type: string}
          /streams:
            get:
              operationId: listStreams
              parameters:
                - {name: after, in: query, schema: {type: string}}
              responses:
                '200':
                  description: Twitch's page
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          data: {type: array, items: {$ref: '#/components/schemas/Item'}}
                          pagination: {type: object, properties: {cursor: {type: string}}}
          /contacts:
            get:
              operationId: listContacts
              parameters:
                - {name: page_token, in: query, schema: {type: string}}
              responses:
                '200':
                  description: Front's page
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          _pagination: {type: object, properties: {next: {type: string, nullable: true}}}
                          _results: {type: array, items: {$ref: '#/components/schemas/Item'}}
          /changes:
            get:
              operationId: listChanges
              parameters:
                - {name: startAt, in: query, schema: {type: integer}}
              responses:
                '200':
                  description: a time, with no page size beside it
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Item'}}
          /item:
            get:
              operationId: getItem
              parameters:
                - {name: page, in: query, schema: {type: integer}}
              responses:
                '200':
                  description: not a list
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Item'}
        components:
          schemas:
            Item:
              type: object
              required: [id]
              properties:
                id: {type: string}
        """

    private func decisions(_ yaml: String) throws -> [String: PaginationDecision] {
        let model = try #require(build(yaml)).model
        return Dictionary(
            uniqueKeysWithValues: model.requestDecisions.compactMap { request in
                request.pagination.map { (request.name, $0) }
            })
    }

    @Test func detectsEachSchemeWhereItIsUnambiguous() throws {
        let found = try decisions(Self.spec)
        #expect(
            found.mapValues(\.scheme) == [
                "ListIssues": .linkHeader,
                "ListRunners": .linkHeader,
                "ListCustomers": .cursor(
                    parameter: "starting_after", source: .lastItem(.init(name: "id", jsonKey: "id", isOptional: false))),
                "ListAssistants": .cursor(
                    parameter: "after", source: .property([.init(name: "lastID", jsonKey: "last_id", isOptional: true)])
                ),
                "ListChannels": .cursor(
                    parameter: "cursor",
                    source: .property([
                        .init(name: "responseMetadata", jsonKey: "response_metadata", isOptional: true),
                        .init(name: "nextCursor", jsonKey: "next_cursor", isOptional: true),
                    ])),
                "ListEvents": .cursor(
                    parameter: "pageToken",
                    source: .property([.init(name: "nextPageToken", jsonKey: "nextPageToken", isOptional: true)])),
                "ListLogs": .offset(parameter: "offset", first: 0),
                "ListVolumes": .page(parameter: "page", first: 0),
                "ListProjects": .offset(parameter: "startAt", first: 0),
                "ListApps": .nextLink(
                    source: [
                        .init(name: "links", jsonKey: "links", isOptional: false),
                        .init(name: "next", jsonKey: "next", isOptional: true),
                    ],
                    isURL: true),
                "ListSecrets": .nextLink(
                    source: [.init(name: "nextLink", jsonKey: "nextLink", isOptional: true)], isURL: false),
                "ListStreams": .cursor(
                    parameter: "after",
                    source: .property([
                        .init(name: "pagination", jsonKey: "pagination", isOptional: true),
                        .init(name: "cursor", jsonKey: "cursor", isOptional: true),
                    ])),
                "ListContacts": .nextLink(
                    source: [
                        .init(name: "pagination", jsonKey: "_pagination", isOptional: true),
                        .init(name: "next", jsonKey: "next", isOptional: true),
                    ],
                    isURL: false),
            ])
        #expect(found["ListApps"]?.items.map(\.jsonKey) == ["data"])
        #expect(found["ListProjects"]?.items.map(\.jsonKey) == ["values"])
        #expect(found["ListRunners"]?.items.map(\.jsonKey) == ["runners"])
        #expect(found["ListCustomers"]?.hasMore.map(\.jsonKey) == ["has_more"])
        #expect(found["ListIssues"]?.bodyHasHeaders == true)
    }

    /// Twitter's `meta.next_token`, Lob's `next_url` beside `data`, Django REST framework's
    /// `next` beside `results`, Svix's `iterator` until `done`, HubSpot's `paging.next.after`,
    /// Asana's `next_page.offset`; a list of warnings or errors
    /// beside the items does not hide which list is the page's.
    @Test func moreSchemesOfRealAPIs() throws {
        func list(_ id: String, _ parameter: String, _ type: String, _ properties: String) -> String {
            """
              /\(id):
                get:
                  operationId: \(id)
                  parameters: [{name: \(parameter), in: query, schema: {type: \(type)}}]
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: object, properties: {\(properties)}}}}
            """
        }
        let items = "{type: array, items: {$ref: '#/components/schemas/Item'}}"
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
            \(list("searchTweets", "next_token", "string", "data: \(items), errors: \(items), meta: {type: object, properties: {next_token: {type: string}}}"))
            \(list("listLetters", "limit", "integer", "data: \(items), next_url: {type: string, format: uri}"))
            \(list("listSnippets", "page", "integer", "results: \(items), next: {type: string, nullable: true}"))
            \(list("getOrders", "offset", "integer", "orders: \(items), warnings: \(items)"))
            \(list("listApps", "iterator", "string", "data: \(items), iterator: {type: string}, done: {type: boolean}"))
            \(list("getIntent", "client_secret", "string", "methods: \(items), client_secret: {type: string}"))
            \(list("listContacts", "after", "string", "results: \(items), paging: {type: object, properties: {next: {type: object, properties: {after: {type: string}, link: {type: string}}}}}"))
            \(list("listMessages", "PageToken", "string", "messages: \(items), next_page_uri: {type: string, nullable: true}, page: {type: integer}"))
            \(list("listTasks", "offset", "string", "data: \(items), next_page: {type: object, nullable: true, properties: {offset: {type: string}, uri: {type: string}}}"))
            components:
              schemas:
                Item: {type: object, required: [id], properties: {id: {type: string}}}
            """
        let found = try decisions(spec)
        #expect(
            found["SearchTweets"]?.scheme
                == .cursor(
                    parameter: "next_token",
                    source: .property([
                        .init(name: "meta", jsonKey: "meta", isOptional: true),
                        .init(name: "nextToken", jsonKey: "next_token", isOptional: true),
                    ])))
        #expect(found["SearchTweets"]?.items.map(\.jsonKey) == ["data"])
        #expect(
            found["ListLetters"]?.scheme
                == .nextLink(source: [.init(name: "nextURL", jsonKey: "next_url", isOptional: true)], isURL: true))
        #expect(
            found["ListSnippets"]?.scheme
                == .nextLink(source: [.init(name: "next", jsonKey: "next", isOptional: true)], isURL: false))
        #expect(found["GetOrders"]?.scheme == .offset(parameter: "offset", first: 0))
        #expect(found["GetOrders"]?.items.map(\.jsonKey) == ["orders"])
        // Svix: the next cursor under the parameter's own name, until `done`; a single object's
        // field named like a parameter that is no cursor (Stripe's `client_secret`) is no page.
        #expect(
            found["ListApps"]?.scheme
                == .cursor(
                    parameter: "iterator",
                    source: .property([.init(name: "iterator", jsonKey: "iterator", isOptional: true)])))
        #expect(found["ListApps"]?.done.map(\.jsonKey) == ["done"])
        #expect(found["GetIntent"] == nil)
        // Twilio: the next page's link beside the one list.
        #expect(
            found["ListMessages"]?.scheme
                == .nextLink(
                    source: [.init(name: "nextPageURI", jsonKey: "next_page_uri", isOptional: true)], isURL: false))
        #expect(found["ListMessages"]?.items.map(\.jsonKey) == ["messages"])
        // HubSpot and Asana: the parameter's value for the next page in the next page's object.
        #expect(
            found["ListContacts"]?.scheme
                == .cursor(
                    parameter: "after",
                    source: .property([
                        .init(name: "paging", jsonKey: "paging", isOptional: true),
                        .init(name: "next", jsonKey: "next", isOptional: true),
                        .init(name: "after", jsonKey: "after", isOptional: true),
                    ])))
        #expect(
            found["ListTasks"]?.scheme
                == .cursor(
                    parameter: "offset",
                    source: .property([
                        .init(name: "nextPage", jsonKey: "next_page", isOptional: true),
                        .init(name: "offset", jsonKey: "offset", isOptional: true),
                    ])))
    }

    /// A page beside another success without a body (Mastodon's home timeline: `206` while the
    /// timeline is being built) is paginated over the page's case; the other case has no items.
    @Test func aPageBesideASuccessWithoutBodyIsPaginatedOverItsCase() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /timelines/home:
                get:
                  operationId: getTimelineHome
                  responses:
                    '200':
                      description: ok
                      headers: {Link: {schema: {type: string}}}
                      content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Item'}}}}
                    '206': {description: the timeline is being built}
            components:
              schemas:
                Item: {type: object, required: [id], properties: {id: {type: string}}}
            """
        let model = try #require(build(spec)).model
        let decision = try #require(model.requestDecisions.first?.pagination)
        #expect(decision.scheme == .linkHeader)
        #expect(decision.pageCase == "ok")
        #expect(
            model.request("GetTimelineHome")?.itemsLines == [
                "public func items(of page: Response) -> [Item] {",
                "    guard case .ok(let page) = page else { return [] }",
                "    return page.body",
                "}",
            ])
    }

    @Test func theConformanceSaysWhereItemsAndCursorsAre() throws {
        let model = try #require(build(Self.spec)).model
        let apps = try #require(model.request("ListApps"))
        #expect(apps.paginationLines == ["public var pagination: Pagination { .nextLink }"])
        #expect(
            apps.nextCursorLines == [
                "public func nextCursor(after page: Response) -> String? { page.links.next?.absoluteString }"
            ])
        let customers = try #require(model.request("ListCustomers"))
        #expect(customers.isPaginated)
        #expect(
            customers.paginationLines == [
                #"public var pagination: Pagination { .cursor(parameter: "starting_after") }"#
            ])
        #expect(customers.itemsLines == ["public func items(of page: Response) -> [Item] { page.data }"])
        #expect(
            customers.nextCursorLines == [
                "public func nextCursor(after page: Response) -> String? {",
                "    page.hasMore ? page.data.last?.id : nil",
                "}",
            ])
        let channels = try #require(model.request("ListChannels"))
        #expect(channels.itemsLines == ["public func items(of page: Response) -> [Item] { page.channels ?? [] }"])
        #expect(
            channels.nextCursorLines == [
                "public func nextCursor(after page: Response) -> String? { page.responseMetadata?.nextCursor }"
            ])
        let issues = try #require(model.request("ListIssues"))
        #expect(issues.itemsLines == ["public func items(of page: Response) -> [Item] { page.body }"])
        #expect(!issues.hasNextCursor)
        #expect(
            model.request("ListVolumes")?.paginationLines.first?.hasSuffix(#"{ .page(parameter: "page", first: 0) }"#)
                == true)
        #expect(model.request("GetItem")?.isPaginated == false)
    }

    @Test func theExtensionStatesWhatTheSpecDoesNotShow() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /reports:
                get:
                  operationId: listReports
                  x-musubi-pagination:
                    style: cursor
                    parameter: token
                    cursor: paging.next
                    items: results
                  parameters:
                    - {name: token, in: query, schema: {type: string}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              results: {type: array, items: {type: string}}
                              other: {type: array, items: {type: string}}
                              paging: {type: object, properties: {next: {type: string}}}
              /posts:
                get:
                  operationId: listPosts
                  x-musubi-pagination: {style: next-link, cursor: paging.next, items: data}
                  responses:
                    '200':
                      description: Facebook's page
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              data: {type: array, items: {type: string}}
                              paging: {type: object, properties: {next: {type: string, format: uri}}}
              /logs:
                get:
                  operationId: listLogs
                  x-musubi-pagination: none
                  parameters:
                    - {name: offset, in: query, schema: {type: integer}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
            """
        let result = try #require(build(spec))
        #expect(result.warnings.isEmpty)
        let found = Dictionary(
            uniqueKeysWithValues: result.model.requestDecisions.compactMap { request in
                request.pagination.map { (request.name, $0) }
            })
        #expect(found.keys.sorted() == ["ListPosts", "ListReports"])
        #expect(
            result.model.request("ListPosts")?.nextCursorLines == [
                "public func nextCursor(after page: Response) -> String? { page.paging?.next?.absoluteString }"
            ])
        #expect(found["ListReports"]?.items.map(\.jsonKey) == ["results"])
        #expect(
            result.model.request("ListReports")?.nextCursorLines == [
                "public func nextCursor(after page: Response) -> String? { page.paging?.next }"
            ])
    }

    @Test func aRuleThatDoesNotFitIsALocatedWarningAndLeavesTheOperationUnpaginated() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a:
                get:
                  operationId: missingParameter
                  x-musubi-pagination: {style: offset, parameter: skip}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
              /b:
                get:
                  operationId: notAList
                  x-musubi-pagination: link
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: object, properties: {name: {type: string}}}
              /c:
                get:
                  operationId: badStyle
                  x-musubi-pagination: {style: "\\"); exit(1) //", parameter: x}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
            """
        let result = try #require(build(spec))
        #expect(result.model.requestDecisions.allSatisfy { $0.pagination == nil })
        let messages = result.warnings.map(\.message)
        #expect(
            messages == [
                "x-musubi-pagination of GET /a: the operation has no integer query parameter 'skip'; it is not paginated",
                "x-musubi-pagination of GET /b: the response is not a list and has not exactly one list property;"
                    + " say which with 'items'; it is not paginated",
                "x-musubi-pagination of GET /c: the style must be one of link, next-link, cursor, offset, page, none;"
                    + " it is not paginated",
            ])
        #expect(result.warnings.map { $0.location?.line } == [7, 17, 27])
    }

    @Test func aConfiguredRuleAppliesByOperationID() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a:
                get:
                  operationId: listThings
                  parameters:
                    - {name: skip, in: query, schema: {type: integer}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {type: string}}
            """
        let origin = SettingOrigin(file: "musubi.yaml", location: nil, setting: "pagination.listThings")
        let options = ClientModelOptions(
            filePerType: true,
            pagination: ["listThings": Configured(PaginationRule(style: .offset, parameter: "skip"), origin: origin)])
        let result = try #require(build(spec, options: options))
        #expect(result.model.requestDecisions.first?.pagination?.scheme == .offset(parameter: "skip", first: 0))
    }
}
