import Testing

@testable import MusubiClientModel

/// Request bodies beyond JSON: forms, multipart, bytes, several media types.
@Suite struct BodyTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: T, version: '1'}
        paths:
          /search:
            post:
              operationId: search
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema: {$ref: '#/components/schemas/Query'}
                    encoding:
                      tags: {style: pipeDelimited}
                      filter: {style: deepObject, explode: true}
                      raw: {contentType: application/json}
              responses:
                '200': {description: ok}
          /files:
            post:
              operationId: upload
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [file]
                      properties:
                        file: {type: string, format: binary}
                        images:
                          anyOf:
                            - {type: string, format: binary}
                            - {type: array, items: {type: string, format: binary}}
                        note: {type: string}
                    encoding:
                      file:
                        contentType: image/png
                        headers:
                          X-Checksum: {required: true, schema: {type: string}}
              responses:
                '204': {description: ok}
          /profiles:
            put:
              operationId: updateProfile
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Query'}
                  application/xml:
                    schema: {$ref: '#/components/schemas/Query'}
                  application/x-www-form-urlencoded:
                    schema: {$ref: '#/components/schemas/Query'}
                  image/png:
                    schema: {type: string, format: binary}
              responses:
                '204': {description: ok}
        components:
          schemas:
            Query:
              type: object
              properties:
                tags: {type: array, items: {type: string}}
                filter: {type: object, properties: {color: {type: string}}}
                raw: {type: object, additionalProperties: true}
                data: {type: string, format: binary}
        """

    @Test func formBodiesCarryTheEncodingObject() throws {
        let model = try #require(build(Self.spec)).model
        let search = try #require(model.request("Search"))
        #expect(search.propertySignatures == ["body: Query"])
        #expect(search.bodyExpression == ".form(body, encoding: bodyEncoding)")
        #expect(search.hasBodyEncoding)
        #expect(
            search.bodyEncodingLines == [
                "[",
                #"    "tags": FieldEncoding(style: .pipeDelimited),"#,
                #"    "filter": FieldEncoding(style: .deepObject, explode: true),"#,
                #"    "raw": FieldEncoding(contentType: "application/json"),"#,
                "]",
            ])
        // A schema used in a form but not in multipart keeps `Data` for its binary property.
        #expect(model.model("Query")?.properties.first { $0.name == "data" }?.type == "Data?")
    }

    @Test func multipartFilesAreUploadsAndPartHeadersAreProperties() throws {
        let model = try #require(build(Self.spec)).model
        let upload = try #require(model.request("Upload"))
        #expect(upload.propertySignatures == ["body: UploadBody", "fileChecksum: String"])
        #expect(upload.bodyExpression == ".multipart(body, encoding: bodyEncoding)")
        #expect(
            upload.bodyEncodingLines == [
                "[",
                #"    "file": FieldEncoding("#,
                #"        contentType: "image/png", headers: [HeaderParameter("X-Checksum", fileChecksum)])"#,
                "]",
            ])
        let body = try #require(model.model("UploadBody"))
        #expect(body.properties.map(\.type) == ["FileUpload", "[FileUpload]?", "String?"])
    }

    /// Onfido writes every upload as `allOf` of shared parts, one of which declares the `file`:
    /// the merged body's binary property is a `FileUpload` as a body written whole has, not
    /// bytes sent as `filename="file"`.
    @Test func aMultipartBodyWrittenAsAllOfUploadsItsPartsFiles() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /documents:
                    post:
                      operationId: uploadDocument
                      requestBody:
                        required: true
                        content:
                          multipart/form-data:
                            schema: {$ref: '#/components/schemas/DocumentUploader'}
                      responses: {'201': {description: created}}
                components:
                  schemas:
                    DocumentShared: {type: object, properties: {type: {type: string}}}
                    DocumentRequest: {type: object, properties: {file: {type: string, format: binary}}}
                    DocumentUploader:
                      allOf: [{$ref: '#/components/schemas/DocumentShared'}, {$ref: '#/components/schemas/DocumentRequest'}]
                      required: [file]
                """)
        ).model
        #expect(model.model("DocumentUploader")?.propertySignatures == ["type: String?", "file: FileUpload"])
    }

    /// Stripe's file upload gives its multipart fields `style: deepObject`, which only forms
    /// use: nothing is left to write, so the body must not refer to a `bodyEncoding`.
    @Test func encodingEntriesThatChangeNothingLeaveNoBodyEncoding() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /files:
                post:
                  operationId: upload
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            file: {type: string, format: binary}
                            expand: {type: array, items: {type: string}}
                        encoding:
                          expand: {style: deepObject, explode: true}
                  responses:
                    '204': {description: ok}
              /search:
                post:
                  operationId: search
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema: {type: object, properties: {q: {type: string}}}
                        encoding:
                          q: {style: form}
                  responses:
                    '204': {description: ok}
            """
        let model = try #require(build(spec)).model
        for name in ["Upload", "Search"] {
            let request = try #require(model.request(name))
            #expect(!request.hasBodyEncoding)
            #expect(!request.bodyExpression.contains("bodyEncoding"), "\(request.bodyExpression)")
        }
    }

    @Test func severalMediaTypesBecomeABodyEnumJSONFirstXMLLeftOut() throws {
        let model = try #require(build(Self.spec)).model
        let update = try #require(model.request("UpdateProfile"))
        #expect(update.hasBodyEnum)
        #expect(update.bodyCases.map(\.name) == ["json", "form", "png"])
        #expect(update.bodyCases.map(\.payload) == ["Query", "Query", "FileUpload"])
        #expect(update.propertySignatures == ["body: Body?"])
        #expect(
            update.requestBodyLines == [
                "public var requestBody: RequestBody? {",
                "    switch body {",
                "    case nil: nil",
                "    case .json(let value)?: .json(value)",
                "    case .form(let value)?: .form(value)",
                #"    case .png(let value)?: .binary(value, contentType: "image/png")"#,
                "    }",
                "}",
            ])
    }

    /// A `oneOf` of objects (Lob's editable address, a US or an international one) is a form
    /// and a multipart body as a struct is; it was bytes the caller supplied, and the multipart
    /// case, of the same kind then, was dropped.
    @Test func aOneOfOfObjectsIsAFormAndAMultipartBody() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /addresses:
                post:
                  operationId: createAddress
                  requestBody:
                    required: true
                    content:
                      application/json: {schema: {$ref: '#/components/schemas/AddressEditable'}}
                      application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/AddressEditable'}}
                      multipart/form-data: {schema: {$ref: '#/components/schemas/AddressEditable'}}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                US: {type: object, required: [zip], properties: {zip: {type: string}}}
                Intl: {type: object, required: [country], properties: {country: {type: string}}}
                AddressEditable:
                  oneOf:
                    - $ref: '#/components/schemas/US'
                    - $ref: '#/components/schemas/Intl'
            """
        let result = try #require(build(spec))
        let create = try #require(result.model.request("CreateAddress"))
        #expect(create.bodyCases.map(\.name) == ["json", "form", "multipart"])
        #expect(create.bodyCases.map(\.payload) == ["AddressEditable", "AddressEditable", "AddressEditable"])
        #expect(result.warnings == [])
    }

    /// Two JSON media types of one schema are one case, but patch formats are not: Kubernetes
    /// accepts a JSON patch, a merge patch and a strategic merge patch of the same object and
    /// reads each by its `Content-Type`, so each is a case that sends its own.
    @Test func patchFormatsAreCasesOfTheirOwn() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /things/{id}:
                parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                patch:
                  operationId: patchThing
                  requestBody:
                    required: true
                    content:
                      application/json-patch+json: {schema: {$ref: '#/components/schemas/Patch'}}
                      application/merge-patch+json: {schema: {$ref: '#/components/schemas/Patch'}}
                      application/strategic-merge-patch+json: {schema: {$ref: '#/components/schemas/Patch'}}
                      application/apply-patch+yaml: {schema: {$ref: '#/components/schemas/Patch'}}
                  responses: {'204': {description: ok}}
                put:
                  operationId: putThing
                  requestBody:
                    required: true
                    content:
                      application/json: {schema: {$ref: '#/components/schemas/Patch'}}
                      application/vnd.example+json: {schema: {$ref: '#/components/schemas/Patch'}}
                      text/json: {schema: {$ref: '#/components/schemas/Patch'}}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                Patch: {type: object}
            """
        let model = try #require(build(spec)).model
        let patch = try #require(model.request("PatchThing"))
        #expect(
            patch.bodyCases.map(\.name) == [
                "jsonPatchJSON", "mergePatchJSON", "strategicMergePatchJSON", "applyPatchYaml",
            ])
        #expect(patch.requestBodyLines.contains { $0.contains(#"contentType: "application/merge-patch+json""#) })
        let put = try #require(model.request("PutThing"))
        #expect(!put.hasBodyEnum)
    }

    /// Files of a few media types are a case each, sent under their own type (WhatsApp's media
    /// upload: a JPEG is not sent as `application/pdf`), with the subtypes' types when two
    /// share a subtype; a long list (YouTube's hundred video types) is one file whose
    /// `contentType` the caller sets. Text is text under any of its types.
    @Test func filesOfSeveralMediaTypesAreSentUnderTheirOwn() throws {
        func upload(_ types: [String], schema: String = "{type: string, format: binary}") throws -> RequestDeclaration {
            let content = types.map { "              '\($0)': {schema: \(schema)}" }.joined(separator: "\n")
            let spec = """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /media:
                    post:
                      operationId: upload
                      requestBody:
                        required: true
                        content:
                \(content)
                      responses: {'204': {description: ok}}
                """
            let model = try #require(build(spec)).model
            return try #require(model.request("Upload"))
        }
        let few = try upload(["application/pdf", "image/jpeg", "audio/mp4", "video/mp4"])
        #expect(few.bodyCases.map(\.name) == ["pdf", "jpeg", "mp4", "videoMp4"])
        #expect(few.requestBodyLines.contains { $0.contains(#".binary(value, contentType: "image/jpeg")"#) })
        let many = try upload((1...9).map { "video/v\($0)" })
        #expect(!many.hasBodyEnum)
        let text = try upload(["text/plain", "text/markdown"], schema: "{type: string}")
        #expect(!text.hasBodyEnum)
    }

    /// A body sent as JSON or as a multipart form, each with an inline schema of its own
    /// (Discord's invites and messages), has `…Body` for the first and a name that says the
    /// other's kind, not `…Body2`; a referenced schema keeps its name.
    @Test func eachMediaTypesOwnBodyTypeSaysItsKind() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /invites:
                post:
                  operationId: createInvite
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, properties: {max_age: {type: integer}}}
                      multipart/form-data:
                        schema: {type: object, properties: {payload_json: {type: string}, file: {type: string, format: binary}}}
                      application/x-www-form-urlencoded:
                        schema: {type: object, properties: {max_uses: {type: integer}}}
                  responses: {'204': {description: ok}}
              /messages:
                post:
                  operationId: createMessage
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Message'}
                      multipart/form-data:
                        schema: {type: object, properties: {payload_json: {type: string}}}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                Message: {type: object, properties: {content: {type: string}}}
            """
        let model = try #require(build(spec)).model
        let invite = try #require(model.request("CreateInvite"))
        #expect(
            invite.bodyCases.map(\.payload) == [
                "CreateInviteBody", "CreateInviteMultipartBody", "CreateInviteFormBody",
            ])
        let message = try #require(model.request("CreateMessage"))
        #expect(message.bodyCases.map(\.payload) == ["Message", "CreateMessageMultipartBody"])
    }

    /// The JSON initializer of an optional body takes the body itself: with a default of its
    /// own, `UpdateProfile()` would match it and the designated initializer alike.
    @Test func theJSONInitializerOfAnOptionalBodyHasNoDefault() throws {
        let model = try #require(build(Self.spec)).model
        let update = try #require(model.request("UpdateProfile"))
        #expect(update.hasJSONBodyInit)
        #expect(update.jsonBodyInitLines.contains("public convenience init(body: Query) {"))
        #expect(update.jsonBodyInitLines.contains("    self.init(body: .json(body))"))
        #expect(!update.jsonBodyInitLines.joined().contains("= nil"))
    }

    @Test func swagger2FormDataIsATypedFormWithItsCollectionFormat() throws {
        let model = try #require(
            build(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /chat.postMessage:
                    post:
                      operationId: postMessage
                      consumes: [application/x-www-form-urlencoded]
                      parameters:
                        - {name: channel, in: formData, required: true, type: string}
                        - {name: ids, in: formData, type: array, items: {type: integer}, collectionFormat: multi}
                        - {name: names, in: formData, type: array, items: {type: string}}
                      responses:
                        '200': {description: ok}
                  /files.upload:
                    post:
                      operationId: uploadFile
                      consumes: [multipart/form-data]
                      parameters:
                        - {name: file, in: formData, type: file}
                        - {name: title, in: formData, type: string}
                      responses:
                        '200': {description: ok}
                """)
        ).model
        let post = try #require(model.request("PostMessage"))
        #expect(post.propertySignatures == ["body: PostMessageBody"])
        #expect(post.bodyExpression == ".form(body, encoding: bodyEncoding)")
        #expect(
            post.bodyEncodingLines == [
                #"["ids": FieldEncoding(explode: true), "names": FieldEncoding(explode: false)]"#
            ])
        #expect(model.model("PostMessageBody")?.properties.map(\.type) == ["String", "[Int]?", "[String]?"])

        let upload = try #require(model.request("UploadFile"))
        #expect(upload.bodyExpression == "body.map { .multipart($0) }")
        #expect(model.model("UploadFileBody")?.properties.map(\.type) == ["FileUpload?", "String?"])
    }
}

/// A body's one inline schema documents the value no type declaration shows.
@Suite struct BodyDocumentationTests {
    @Test func anInlineBodySchemasWordsFollowTheBodysOwn() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /cover:
                    put:
                      operationId: uploadCover
                      requestBody:
                        required: true
                        description: The new cover image.
                        content:
                          image/jpeg:
                            schema: {type: string, format: binary, description: JPEG data of 256 KB at most.}
                      responses: {'202': {description: accepted}}
                """)
        ).model
        let body = try #require(model.request("UploadCover")?.properties.first { $0.name == "body" })
        #expect(body.docLines == ["/// The new cover image.", "///", "/// JPEG data of 256 KB at most."])
    }
}
