import Testing

@testable import MusubiClientModel

@Suite struct RequestTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Pets, version: '1'}
        paths:
          /pets/{petId}:
            get:
              operationId: showPetById
              summary: Info for a pet
              description: Returns one pet.
              parameters:
                - {name: petId, in: path, required: true, description: The pet's ID., schema: {type: string}}
                - {name: X-Request-ID, in: header, schema: {type: string, format: uuid}}
                - {name: limit, in: query, required: true, schema: {type: integer, format: int32}}
                - {name: path, in: query, schema: {type: string}}
                - {name: method, in: header, schema: {type: string}}
                - {name: tags, in: query, explode: false, schema: {type: array, items: {type: string}}}
                - {name: Accept, in: header, schema: {type: string}}
                - {name: Content-Type, in: header, schema: {type: string}}
                - {name: session, in: cookie, schema: {type: string}}
                - {name: X-, in: header, schema: {type: string}}
              responses:
                '200': {description: ok}
            delete:
              deprecated: true
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer, format: int64}}
              responses:
                '204': {description: gone}
          '/odd/"quoted"\\back\\slash/{id}/\\(x)':
            get:
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                '204': {description: ok}
          /users/{user_id}/avatar.png:
            put:
              parameters:
                - {name: user_id, in: path, required: true, schema: {type: string}}
              requestBody:
                content:
                  image/png:
                    schema: {type: string, format: binary}
              responses:
                '204': {description: ok}
          /notes:
            post:
              operationId: add-note
              requestBody:
                required: true
                description: The note.
                content:
                  text/plain:
                    schema: {type: string}
              responses:
                '204': {description: ok}
        """

    @Test func requestNames() throws {
        let model = try #require(build(Self.spec)).model
        #expect(
            model.requests.map(\.name) == [
                "ShowPetByID", "DeletePetsByPetID", "GetOddQuotedBackSlashByIDX", "PutUsersByUserIDAvatarPng",
                "AddNote",
            ])
        #expect(model.requests.map(\.fileName).first == "Requests/ShowPetByID.swift")
        #expect(model.requests.map(\.operationID) == ["showPetById", "", "", "", "add-note"])
        #expect(model.requests.map(\.method) == [".get", ".delete", ".get", ".put", ".post"])
        #expect(model.requests.map(\.signature).first == "GET /pets/{petId}")
        #expect(model.requests.allSatisfy { $0.protocolName == "PetsRequest" })
    }

    @Test func parametersBecomeProperties() throws {
        let result = try #require(build(Self.spec))
        let show = try #require(result.model.request("ShowPetByID"))
        // Path parameters first, then the required ones, then the optional ones.
        #expect(
            show.propertySignatures == [
                "petID: String", "limit: Int32", "requestID: UUID?", "pathParameter: String?",
                "methodParameter: String?",
                "tags: [String]?", "session: String?", "x: String?",
            ])
        #expect(
            show.properties.map(\.originalName) == [
                "petId", "limit", "X-Request-ID", "path", "method", "tags", "session", "X-",
            ])
        #expect(show.properties[0].docLines == ["/// The pet's ID."])
        #expect(
            show.initParameters.map(\.declaration) == [
                "petID: String", "limit: Int32", "requestID: UUID? = nil", "pathParameter: String? = nil",
                "methodParameter: String? = nil", "tags: [String]? = nil", "session: String? = nil", "x: String? = nil",
            ])
        #expect(show.initDeclarationLines.count > 1)
        #expect(result.warnings.isEmpty)
        #expect(show.cookieItems == [#"CookieParameter("session", session)"#])
        #expect(show.hasCookies)
    }

    @Test func queryAndHeaderItems() throws {
        let show = try #require(build(Self.spec)?.model.request("ShowPetByID"))
        #expect(
            show.queryItems == [
                #"QueryParameter("limit", limit)"#,
                #"QueryParameter("path", pathParameter)"#,
                #"QueryParameter("tags", tags, explode: false)"#,
            ])
        #expect(show.hasQuery)
        #expect(
            show.headerItems == [
                #"HeaderParameter("X-Request-ID", requestID)"#,
                #"HeaderParameter("method", methodParameter)"#,
                #"HeaderParameter("X-", x)"#,
            ])
        #expect(show.hasHeaders)
        #expect(
            show.headerLines == [
                "[",
                #"    HeaderParameter("X-Request-ID", requestID),"#,
                #"    HeaderParameter("method", methodParameter),"#,
                #"    HeaderParameter("X-", x),"#,
                "]",
            ])
    }

    @Test func docLinesAndAttributes() throws {
        let model = try #require(build(Self.spec)).model
        let show = try #require(model.request("ShowPetByID"))
        #expect(
            show.docLines == [
                "/// Info for a pet", "///", "/// Returns one pet.", "///", "/// `GET /pets/{petId}`",
            ])
        #expect(show.attributes == [])
        let delete = try #require(model.request("DeletePetsByPetID"))
        #expect(delete.attributes == ["@available(*, deprecated)"])
        #expect(delete.propertySignatures == ["petID: Int64"])
        #expect(delete.hasQuery == false)
        #expect(delete.hasHeaders == false)
        #expect(delete.queryLines == ["[]"])
    }

    @Test func pathLiterals() throws {
        let model = try #require(build(Self.spec)).model
        #expect(
            model.requests.map(\.pathLiteral) == [
                #""/pets/\(petID)""#,
                #""/pets/\(petID)""#,
                #""/odd/\"quoted\"\\back\\slash/\(id)/\\(x)""#,
                #""/users/\(userID)/avatar.png""#,
                #""/notes""#,
            ])
    }

    @Test func bodies() throws {
        let model = try #require(build(Self.spec)).model
        let upload = try #require(model.request("PutUsersByUserIDAvatarPng"))
        // Bytes in memory or a file streamed from disk, sent as the declared media type.
        #expect(upload.propertySignatures == ["userID: String", "body: FileUpload?"])
        #expect(upload.initParameters.map(\.declaration) == ["userID: String", "body: FileUpload? = nil"])
        #expect(upload.bodyExpression == #"body.map { .binary($0, contentType: "image/png") }"#)
        #expect(upload.hasBody)

        let note = try #require(model.request("AddNote"))
        #expect(note.propertySignatures == ["body: String"])
        #expect(note.properties.first?.docLines == ["/// The note."])
        #expect(note.bodyExpression == #".text(body, contentType: "text/plain")"#)

        #expect(model.request("ShowPetByID")?.hasBody == false)
        #expect(model.request("ShowPetByID")?.bodyExpression == "")
    }

    /// When a deprecated parameter and its replacement want one Swift name, the replacement
    /// has it; the deprecated one keeps its place and takes the suffix.
    @Test func theParameterToUseGetsTheNameADeprecatedOneAlsoWants() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /interstitial:
                    get:
                      operationId: get-interstitial
                      parameters:
                        - {name: frontendApi, in: query, deprecated: true, schema: {type: string}}
                        - {name: frontend_api, in: query, schema: {type: string}}
                      responses:
                        '204': {description: ok}
                """)
        ).model
        let request = try #require(model.request("GetInterstitial"))
        #expect(request.propertySignatures == ["frontendAPIParameter: String?", "frontendAPI: String?"])
        // The suffixed name no longer says what it is sent as: the doc comment does.
        #expect(request.properties[0].docLines.first == "/// Sent as the `frontendApi` query parameter.")
        #expect(request.properties[1].docLines == [])
        #expect(
            request.queryItems == [
                #"QueryParameter("frontendApi", frontendAPIParameter)"#,
                #"QueryParameter("frontend_api", frontendAPI)"#,
            ])
    }

    /// A textual application type with a string schema is a `String` body, sent as its own
    /// type; as bytes when the schema says binary.
    @Test func textualApplicationTypeBodies() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /feed:
                    put:
                      operationId: put-feed
                      requestBody:
                        required: true
                        content:
                          application/atom+xml: {schema: {type: string}}
                      responses:
                        '204': {description: ok}
                  /archive:
                    put:
                      operationId: put-archive
                      requestBody:
                        required: true
                        content:
                          application/xml: {schema: {type: string, format: binary}}
                      responses:
                        '204': {description: ok}
                """)
        ).model
        let feed = try #require(model.request("PutFeed"))
        #expect(feed.propertySignatures == ["body: String"])
        #expect(feed.bodyExpression == #".text(body, contentType: "application/atom+xml")"#)
        let archive = try #require(model.request("PutArchive"))
        #expect(archive.propertySignatures == ["body: FileUpload"])
    }

    @Test func jsonBodyAndParameterNamedBody() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /things:
                    post:
                      operationId: createThing
                      parameters:
                        - {name: body, in: query, schema: {type: string}}
                        - {name: dry-run, in: query, required: true, schema: {type: boolean}}
                      requestBody:
                        content:
                          application/vnd.api+json:
                            schema: {$ref: '#/components/schemas/Thing'}
                          application/xml:
                            schema: {$ref: '#/components/schemas/Thing'}
                      responses:
                        '204': {description: ok}
                components:
                  schemas:
                    Thing: {type: object, properties: {id: {type: string}}}
                """)
        ).model
        let create = try #require(model.request("CreateThing"))
        // An optional body leads the optional parameters.
        #expect(
            create.initParameters.map(\.declaration) == [
                "dryRun: Bool", "bodyValue: Thing? = nil", "body: String? = nil",
            ])
        #expect(create.propertySignatures == ["dryRun: Bool", "bodyValue: Thing?", "body: String?"])
        // A JSON media type other than `application/json` is sent as declared.
        #expect(create.bodyExpression == #"bodyValue.map { .json($0, contentType: "application/vnd.api+json") }"#)
    }

    /// Objects (dictionaries and models) are parameters like any other value: sent through
    /// their `Encodable` conformance in the parameter's style.
    @Test func objectParametersAreTyped() throws {
        let result = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /search:
                    get:
                      operationId: search
                      parameters:
                        - name: filter
                          in: query
                          schema: {type: object, additionalProperties: {type: string}}
                        - name: created
                          in: query
                          style: deepObject
                          explode: true
                          schema: {type: object, properties: {gte: {type: integer}, lt: {type: integer}}}
                        - name: status
                          in: query
                          schema: {type: string, enum: [open, closed]}
                        - name: ids
                          in: query
                          schema: {type: array, items: {type: integer, format: int64}}
                        - name: q
                          in: query
                      responses:
                        '204': {description: ok}
                """)
        )
        let search = try #require(result.model.request("Search"))
        #expect(
            search.propertySignatures == [
                "filter: [String: String]?", "created: SearchCreated?", "status: SearchStatus?", "ids: [Int64]?",
                "q: String?",
            ])
        #expect(
            search.queryItems == [
                #"QueryParameter("filter", filter)"#,
                #"QueryParameter("created", created, style: .deepObject)"#,
                #"QueryParameter("status", status)"#,
                #"QueryParameter("ids", ids)"#,
                #"QueryParameter("q", q)"#,
            ])
        #expect(result.model.model("SearchCreated")?.kind == .struct)
        #expect(result.model.model("SearchStatus")?.kind == .enum)
        #expect(result.warnings.isEmpty)
    }

    /// GitHub's `workflow_id` is `oneOf: [integer, string]`: an enum of scalars, itself a
    /// parameter value. A type list (`[string, integer]`) has no Swift type; leaving it out
    /// would drop the parameter, so it is sent as the text the caller gives.
    @Test func parametersWithoutASimpleTypeAreSentAsText() throws {
        let result = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /workflows/{workflow_id}:
                    get:
                      operationId: getWorkflow
                      parameters:
                        - name: workflow_id
                          in: path
                          required: true
                          schema: {oneOf: [{type: integer}, {type: string}]}
                        - name: since
                          in: query
                          schema: {type: [string, integer]}
                      responses:
                        '204': {description: ok}
                """)
        )
        let request = try #require(result.model.request("GetWorkflow"))
        #expect(request.propertySignatures == ["workflowID: GetWorkflowWorkflowID", "since: String?"])
        #expect(result.model.model("GetWorkflowWorkflowID")?.isParameterValue == true)
        #expect(request.pathLiteral == #""/workflows/\(workflowID)""#)
        #expect(request.queryItems == [#"QueryParameter("since", since)"#])
        #expect(result.warnings.filter { $0.message.hasSuffix("it is sent as the text given") }.count == 1)
    }

    /// Every style and `explode` of every location, `allowReserved` and `content`, written as
    /// the runtime call (or path interpolation) with only what differs from its defaults.
    @Test func stylesBecomeRuntimeArguments() throws {
        let result = try #require(
            build(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths:
                  /a/{s}/{se}/{l}/{le}/{m}/{me}/{j}:
                    get:
                      operationId: styles
                      parameters:
                        - {name: s, in: path, required: true, schema: {type: array, items: {type: string}}}
                        - {name: se, in: path, required: true, explode: true, schema: {$ref: '#/components/schemas/RGB'}}
                        - {name: l, in: path, required: true, style: label, schema: {type: string}}
                        - {name: le, in: path, required: true, style: label, explode: true, schema: {type: array, items: {type: integer}}}
                        - {name: m, in: path, required: true, style: matrix, schema: {type: string}}
                        - {name: me, in: path, required: true, style: matrix, explode: true, schema: {$ref: '#/components/schemas/RGB'}}
                        - name: j
                          in: path
                          required: true
                          content: {application/json: {schema: {type: array, items: {type: integer}}}}
                        - {name: f, in: query, explode: false, schema: {type: array, items: {type: string}}}
                        - {name: fe, in: query, explode: false, schema: {type: string}}
                        - {name: sp, in: query, style: spaceDelimited, schema: {type: array, items: {type: string}}}
                        - {name: pe, in: query, style: pipeDelimited, explode: true, schema: {type: array, items: {type: string}}}
                        - {name: d, in: query, style: deepObject, explode: true, schema: {$ref: '#/components/schemas/RGB'}}
                        - {name: r, in: query, allowReserved: true, schema: {type: string}}
                        - name: q
                          in: query
                          content: {application/json: {schema: {$ref: '#/components/schemas/RGB'}}}
                        - {name: X-H, in: header, explode: true, schema: {$ref: '#/components/schemas/RGB'}}
                        - {name: X-Bad, in: header, style: form, schema: {type: string}}
                        - {name: c, in: cookie, explode: false, schema: {type: array, items: {type: string}}}
                        - {name: ce, in: cookie, schema: {$ref: '#/components/schemas/RGB'}}
                        - name: cj
                          in: cookie
                          content: {application/json: {schema: {type: object}}}
                        - name: t
                          in: query
                          content: {text/plain: {schema: {type: string}}}
                      responses:
                        '204': {description: ok}
                components:
                  schemas:
                    RGB: {type: object, properties: {R: {type: integer}, G: {type: integer}, B: {type: integer}}}
                """)
        )
        let request = try #require(result.model.request("Styles"))
        #expect(
            request.pathLiteral
                == #""/a/\(s)/\(se, explode: true)/\(label: l)/\(label: le, explode: true)/\(matrix: m, name: "m")/\(matrix: me, name: "me", explode: true)/\(json: j, coding: coding)""#
        )
        #expect(
            request.queryItems == [
                #"QueryParameter("f", f, explode: false)"#,
                #"QueryParameter("fe", fe)"#,
                #"QueryParameter("sp", sp, style: .spaceDelimited)"#,
                #"QueryParameter("pe", pe, style: .pipeDelimited, explode: true)"#,
                #"QueryParameter("d", d, style: .deepObject)"#,
                #"QueryParameter("r", r, allowReserved: true)"#,
                #"QueryParameter("q", json: q, coding: coding)"#,
                #"QueryParameter("t", t)"#,
            ])
        #expect(
            request.headerItems == [#"HeaderParameter("X-H", h, explode: true)"#, #"HeaderParameter("X-Bad", bad)"#])
        #expect(
            request.cookieItems == [
                #"CookieParameter("c", c, explode: false)"#,
                #"CookieParameter("ce", ce)"#,
                #"CookieParameter("cj", json: cj, coding: coding)"#,
            ])
        // The document reported `X-Bad`'s style when it loaded (ParameterStyleTests); the model
        // only reads the settled style.
        #expect(result.warnings.isEmpty)
    }

    @Test func requestNamesCollideDeterministically() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /a:
                    get: {operationId: fetch, responses: {'204': {description: ok}}}
                  /b:
                    get: {operationId: Fetch, responses: {'204': {description: ok}}}
                  /c:
                    get: {operationId: '---', responses: {'204': {description: ok}}}
                  /:
                    get: {responses: {'204': {description: ok}}}
                """)
        ).model
        #expect(model.requests.map(\.name) == ["Fetch", "Fetch2", "GetC", "GetRoot"])
        #expect(model.requests.map(\.pathLiteral).last == #""/""#)
    }
}

@Suite struct ParameterTypeTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: T, version: '1'}
        paths:
          /items/{ids}/{petId}/{status}:
            get:
              operationId: getItems
              parameters:
                - {name: ids, in: path, required: true, schema: {type: array, items: {type: integer}}}
                - {name: petId, in: path, required: true, schema: {$ref: '#/components/schemas/PetID'}}
                - {name: status, in: path, required: true, schema: {$ref: '#/components/schemas/Status'}}
                - {name: owner, in: query, schema: {$ref: '#/components/schemas/OwnerID'}}
                - {name: tags, in: query, explode: false, schema: {$ref: '#/components/schemas/Tags'}}
                - {name: X-Pet, in: header, schema: {$ref: '#/components/schemas/PetIDs'}}
                - {name: filter, in: query, schema: {$ref: '#/components/schemas/Filter'}}
              responses:
                '204': {description: ok}
        components:
          schemas:
            PetID: {type: string, format: uuid}
            OwnerID: {$ref: '#/components/schemas/PetID'}
            PetIDs: {type: array, items: {$ref: '#/components/schemas/PetID'}}
            Tags: {type: array, items: {type: string}}
            Status: {type: string, enum: [on, off]}
            Filter: {type: object, properties: {q: {type: string}}}
        """

    /// A component that only names a scalar (or a list of them) is as good a parameter as the
    /// scalar, and keeps its name in the request.
    @Test func aliasesOfScalarsAreParameters() throws {
        let result = try #require(build(Self.spec))
        let request = try #require(result.model.request("GetItems"))
        #expect(
            request.propertySignatures == [
                "ids: [Int]", "petID: PetID", "status: Status", "owner: OwnerID?", "tags: Tags?", "pet: PetIDs?",
                "filter: Filter?",
            ])
        #expect(
            request.queryItems == [
                #"QueryParameter("owner", owner)"#,
                #"QueryParameter("tags", tags, explode: false)"#,
                #"QueryParameter("filter", filter)"#,
            ])
        #expect(request.headerItems == [#"HeaderParameter("X-Pet", pet)"#])
        #expect(result.warnings.isEmpty)
    }

    /// Path arrays use the simple style, which the runtime's interpolation lays out.
    @Test func arrayPathParameters() throws {
        let request = try #require(build(Self.spec)?.model.request("GetItems"))
        #expect(request.pathLiteral == #""/items/\(ids)/\(petID)/\(status)""#)
    }
}
