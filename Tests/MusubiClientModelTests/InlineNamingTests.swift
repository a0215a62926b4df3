import Testing

@testable import MusubiClientModel

@Suite struct InlineNamingTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Pets, version: '1'}
        paths:
          /pets:
            post:
              operationId: createPet
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name]
                      properties:
                        name: {type: string}
              responses:
                '201':
                  description: Created
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          id: {type: string}
            get:
              operationId: listPets
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: array
                        items:
                          type: object
                          properties:
                            nickname: {type: string}
        components:
          schemas:
            Pet:
              type: object
              properties:
                owner:
                  type: object
                  properties:
                    name: {type: string}
                    address:
                      type: object
                      properties:
                        city: {type: string}
                tags:
                  type: array
                  items:
                    type: object
                    properties:
                      label: {type: string}
                status:
                  type: string
                  description: Where the pet is.
                  enum: [available, pending, sold]
                categories:
                  type: object
                  additionalProperties:
                    type: object
                    properties:
                      rank: {type: integer}
            Pets:
              type: array
              items:
                type: object
                properties:
                  petName: {type: string}
            Scores:
              type: object
              additionalProperties:
                type: object
                properties:
                  value: {type: number}
        """

    @Test func inlineTypesAreNamedFromTheirContext() throws {
        let model = try #require(build(Self.spec)).model
        #expect(
            model.models.map(\.name) == [
                "CreatePetBody", "CreatePetResponse", "ListPetsResponseItem", "Pet", "PetCategoriesValue", "PetOwner",
                "PetOwnerAddress", "PetStatus", "PetTag", "Pets", "PetsItem", "Scores", "ScoresValue",
            ])
        let pet = try #require(model.model("Pet"))
        #expect(
            pet.propertySignatures == [
                "owner: PetOwner?", "tags: [PetTag]?", "status: PetStatus?",
                "categories: [String: PetCategoriesValue]?",
            ])
        #expect(model.model("PetOwner")?.propertySignatures == ["name: String?", "address: PetOwnerAddress?"])
        #expect(model.model("Pets")?.aliasedType == "[PetsItem]")
        #expect(model.model("Scores")?.aliasedType == "[String: ScoresValue]")
        #expect(model.model("ScoresValue")?.propertySignatures == ["value: Double?"])
    }

    @Test func arrayItemsAreSingularised() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Shop:
                          type: object
                          properties:
                            policies: {type: array, items: {type: object, properties: {a: {type: string}}}}
                            boxes: {type: array, items: {type: object, properties: {b: {type: string}}}}
                            status: {type: array, items: {type: object, properties: {c: {type: string}}}}
                            pets: {type: array, items: {type: object, properties: {d: {type: string}}}}
                        ShopPet: {type: string}
                        Catalogue:
                          type: array
                          items: {type: array, items: {type: object, properties: {e: {type: string}}}}
                        Entries:
                          type: array
                          items: {type: object, properties: {f: {type: string}}}
                        ValidationError:
                          type: object
                          properties:
                            errors: {type: array, items: {type: object, properties: {g: {type: string}}}}
                        CompoundFilter:
                          type: object
                          properties:
                            filters: {type: array, items: {type: object, properties: {h: {type: string}}}}
                        CompoundFilterItem: {type: string}
                    """))
        ).model
        // An item whose singular would repeat the word before it is an `Item`, unless taken.
        #expect(model.model("ValidationError")?.propertySignatures == ["errors: [ValidationErrorItem]?"])
        #expect(model.model("CompoundFilter")?.propertySignatures == ["filters: [CompoundFilterFiltersItem]?"])
        // The singular is used when free; `status` has none, and `ShopPet` is taken.
        #expect(
            model.model("Shop")?.propertySignatures == [
                "policies: [ShopPolicy]?", "boxes: [ShopBox]?", "status: [ShopStatusItem]?", "pets: [ShopPetsItem]?",
            ])
        #expect(model.model("Catalogue")?.aliasedType == "[[CatalogueItemItem]]")
        #expect(model.model("Entries")?.aliasedType == "[Entry]")
    }

    @Test func requestBodyAndResponseNames() throws {
        let model = try #require(build(Self.spec)).model
        let create = try #require(model.request("CreatePet"))
        #expect(create.propertySignatures == ["body: CreatePetBody"])
        #expect(create.responseType == "CreatePetResponse")
        #expect(model.model("CreatePetBody")?.propertySignatures == ["name: String"])
        #expect(model.request("ListPets")?.responseType == "[ListPetsResponseItem]")
    }

    /// Inline schemas written identically in several places are one type, named from the first
    /// place; a difference anywhere (here a description, or being a multipart body whose binary
    /// property is a `FileUpload`) keeps them apart.
    @Test func identicalInlineShapesShareOneType() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: Shapes, version: '1'}
                paths:
                  /a:
                    post:
                      operationId: postA
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, properties: {address: {type: object, properties: {city: {type: string}}}}}
                      responses: {'204': {description: done}}
                  /b:
                    post:
                      operationId: postB
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                shipping: {type: object, properties: {city: {type: string}}}
                                billing: {type: object, description: Where bills go., properties: {city: {type: string}}}
                      responses: {'204': {description: done}}
                  /c:
                    post:
                      operationId: postC
                      requestBody:
                        content:
                          multipart/form-data:
                            schema: {type: object, properties: {file: {type: string, format: binary}}}
                      responses: {'204': {description: done}}
                  /d:
                    post:
                      operationId: postD
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, properties: {file: {type: string, format: binary}}}
                      responses: {'204': {description: done}}
                """)
        ).model
        #expect(
            model.model("PostBBody")?.propertySignatures == [
                "shipping: PostABodyAddress?", "billing: PostBBodyBilling?",
            ])
        #expect(model.model("PostCBody")?.propertySignatures == ["file: FileUpload?"])
        #expect(model.model("PostDBody")?.propertySignatures == ["file: Data?"])
        #expect(
            model.models.map(\.name) == [
                "PostABody", "PostABodyAddress", "PostBBody", "PostBBodyBilling", "PostCBody", "PostDBody",
            ])
    }

    @Test func stringEnums() throws {
        let model = try #require(build(Self.spec)).model
        let status = try #require(model.model("PetStatus"))
        #expect(status.kind == .enum)
        #expect(status.template == "Enum")
        #expect(status.rawType == "String")
        #expect(status.fileName == "Models/PetStatus.swift")
        #expect(status.docLines == ["/// Where the pet is."])
        #expect(status.cases.map(\.name) == ["available", "pending", "sold"])
        #expect(status.cases.map(\.rawValueLiteral) == [#""available""#, #""pending""#, #""sold""#])
    }

    @Test func enumCaseNames() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Mode:
                          type: string
                          enum: [in-progress, DONE, default, self, "2fa", "", "*", "+", unknown, rawValue,
                            "say \\"hi\\"", UPPER_CASE, 'null', null]
                    """))
        )
        let mode = try #require(result.model.model("Mode"))
        #expect(
            mode.cases.map(\.name) == [
                "inProgress", "done", "`default`", "selfValue", "_2fa", "empty", "asterisk", "plus", "unknownValue",
                "rawValue2", "sayHi", "upperCase", "null",
            ])
        #expect(
            mode.cases.map(\.rawValueLiteral) == [
                #""in-progress""#, #""DONE""#, #""default""#, #""self""#, #""2fa""#, #""""#, #""*""#, #""+""#,
                #""unknown""#, #""rawValue""#, #""say \"hi\"""#, #""UPPER_CASE""#, #""null""#,
            ])
        #expect(result.warnings == [])
    }

    @Test func duplicateEnumValuesWarn() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Color:
                          type: string
                          enum:
                            - red
                            - green
                            - red
                            - green
                    """))
        )
        #expect(result.model.model("ColorModel")?.cases.map(\.name) == ["red", "green"])
        // The document loader reports and drops the duplicates (SchemaKeywordTests).
        #expect(result.warnings.isEmpty)
    }

    @Test func stringAndIntegerEnumsAreOpenEnumsOthersStayPrimitive() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Level: {type: integer, enum: [1, 2, 3]}
                        Ratio: {type: number, enum: [0.5, 1.5]}
                        Flag: {type: boolean, enum: [true]}
                        Mixed: {enum: [a, 1]}
                        Untyped: {enum: [a, b]}
                    """))
        ).model
        #expect(model.model("Level")?.kind == .enum)
        #expect(model.model("Level")?.rawType == "Int")
        #expect(model.model("Level")?.cases.map(\.name) == ["value1", "value2", "value3"])
        #expect(model.model("Ratio")?.aliasedType == "Double")
        #expect(model.model("Flag")?.aliasedType == "Bool")
        #expect(model.model("Mixed")?.aliasedType == "JSONValue")
        #expect(model.model("Untyped")?.kind == .enum)
    }

    @Test func sameInlineSchemaIsDeclaredOnce() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /a:
                    get:
                      operationId: getA
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: {$ref: '#/x-shared'}
                  /b:
                    get:
                      operationId: getB
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: {$ref: '#/x-shared'}
                x-shared:
                  type: object
                  properties: {v: {type: string}}
                """)
        ).model
        #expect(model.models.map(\.name) == ["GetAResponse"])
        #expect(model.requests.map(\.responseType) == ["GetAResponse", "GetAResponse"])
    }
}

extension InlineNamingTests {
    /// A shared parameter's or body's inline schema is one type for every operation using it,
    /// named after the component rather than after whichever operation came first.
    @Test func sharedParametersAndBodiesAreNamedAfterTheirComponent() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /a/{workflow_id}:
                    post:
                      operationId: runA
                      parameters: [{$ref: '#/components/parameters/workflow-id'}]
                      requestBody: {$ref: '#/components/requestBodies/run-options'}
                      responses: {'204': {description: ok}}
                  /b/{workflow_id}:
                    post:
                      operationId: runB
                      parameters: [{$ref: '#/components/parameters/workflow-id'}]
                      requestBody: {$ref: '#/components/requestBodies/run-options'}
                      responses: {'204': {description: ok}}
                components:
                  parameters:
                    workflow-id:
                      name: workflow_id
                      in: path
                      required: true
                      schema: {oneOf: [{type: integer}, {type: string}]}
                  requestBodies:
                    run-options:
                      content:
                        application/json:
                          schema: {type: object, properties: {ref: {type: string}}}
                """)
        ).model
        #expect(model.request("RunA")?.propertySignatures == ["workflowID: WorkflowID", "body: RunOptionsBody?"])
        #expect(model.request("RunB")?.propertySignatures == ["workflowID: WorkflowID", "body: RunOptionsBody?"])
        #expect(model.models.map(\.name).sorted() == ["RunOptionsBody", "WorkflowID"])
    }
}
