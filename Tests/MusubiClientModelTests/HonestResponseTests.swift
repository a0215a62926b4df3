import MusubiDocument
import Testing

@testable import MusubiClientModel

/// Responses as servers really send them: redirects are followed by the transport, a `304`
/// answers only a conditional request, and `204`, `205`, `304` and `HEAD` responses carry no
/// body whatever the spec documents. Request bodies go with a concrete `Content-Type`.
@Suite struct HonestResponseTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Shop, version: '1'}
        paths:
          /pets/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: getPet
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
                '301': {description: moved, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
                '304': {description: not modified}
            head:
              operationId: petExists
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
            delete:
              operationId: deletePet
              responses:
                '204': {description: deleted, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
            put:
              operationId: putPet
              requestBody:
                content:
                  application/*+json: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/json: {schema: {$ref: '#/components/schemas/Pet'}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
                '205': {description: reset, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
          /cached/{id}:
            get:
              operationId: getCached
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
                - {name: If-None-Match, in: header, schema: {type: string}}
                - {name: If-Modified-Since, in: header, schema: {type: string}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
                '304': {description: not modified, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
          /always/{id}:
            get:
              operationId: getAlways
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
                - {name: if-none-match, in: header, required: true, schema: {type: string}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
                '304': {description: not modified}
          /archive:
            get:
              operationId: downloadArchive
              responses:
                '302': {description: redirects to the archive}
                '404': {description: missing, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
          /notes:
            post:
              operationId: postNote
              requestBody:
                content:
                  application/*+json: {schema: {$ref: '#/components/schemas/Pet'}}
              responses:
                '204': {description: done}
          /text:
            post:
              operationId: postText
              requestBody:
                content:
                  text/*: {schema: {type: string}}
              responses:
                '204': {description: done}
          /asset:
            post:
              operationId: uploadAsset
              requestBody:
                content:
                  '*/*': {schema: {type: string, description: The raw file data}}
              responses:
                '204': {description: done}
          /blob:
            post:
              operationId: postBlob
              requestBody:
                content:
                  image/*: {schema: {type: string, format: binary}}
              responses:
                '204': {description: done}
        components:
          schemas:
            Pet: {type: object, properties: {id: {type: string}}}
            Problem: {type: object, properties: {title: {type: string}}}
        """

    func decision(_ name: String) throws -> RequestDecision {
        let model = try #require(build(Self.spec)).model
        return try #require(model.requestDecisions.first { $0.name == name })
    }

    func declaration(_ name: String) throws -> RequestDeclaration {
        let model = try #require(build(Self.spec)).model
        return try #require(model.request(name))
    }

    // MARK: Redirects and 304

    @Test func redirectsAndAnUnaskedNotModifiedAreNoSuccess() throws {
        let responses = try decision("GetPet").responses
        #expect(
            responses.success == .single(.init(type: .named("Pet"), decoding: .json, contentType: "application/json")))
        #expect(responses.notModified == nil)
        #expect(responses.statusesBeyond2XX.isEmpty)
        let request = try declaration("GetPet")
        #expect(request.responseType == "Pet")
        #expect(!request.hasResponseEnum)
        #expect(!request.hasAcceptableStatus)
    }

    /// A `300 Multiple Choices` names no one place to go: the transport does not follow it, and
    /// servers answer with it (OpenStack's version list).
    @Test func aMultipleChoicesAnswerStaysASuccess() throws {
        let result = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /:
                    get:
                      operationId: listVersions
                      responses:
                        '200': {description: ok, content: {application/json: {schema: {type: string}}}}
                        '300': {description: choices, content: {application/json: {schema: {type: string}}}}
                        '308': {description: moved, content: {application/json: {schema: {type: integer}}}}
                """))
        let request = try #require(result.model.requestDecisions.first)
        #expect(request.responses.statusesBeyond2XX == [.code(300)])
        #expect(
            request.responses.success == .single(.init(type: .string, decoding: .json, contentType: "application/json"))
        )
    }

    @Test func notModifiedAnswersOnlyWhenAConditionalHeaderIsSent() throws {
        let responses = try decision("GetCached").responses
        #expect(responses.notModified == .whenSet(["ifNoneMatch", "ifModifiedSince"]))
        guard case .byStatus(let cases) = responses.success else {
            Issue.record("expected a case per status, got \(responses.success)")
            return
        }
        #expect(cases.map(\.name) == ["ok", "notModified"])
        // The spec documents a body for its 304; a 304 never has one.
        #expect(cases[1].payload == .none)

        let request = try declaration("GetCached")
        #expect(
            request.acceptableStatusLines == [
                "(200...299).contains(statusCode)",
                "    || (statusCode == 304 && (ifNoneMatch != nil || ifModifiedSince != nil))",
            ])
        #expect(request.decodeResponseCases.map(\.statement).contains("return .notModified"))
    }

    @Test func aRequiredConditionalHeaderAlwaysAcceptsNotModified() throws {
        #expect(try decision("GetAlways").responses.notModified == .always)
        let request = try declaration("GetAlways")
        #expect(request.acceptableStatusLines == ["(200...299).contains(statusCode) || statusCode == 304"])
        #expect(request.responseCases.map(\.name) == ["ok", "notModified"])
    }

    @Test func anOperationDocumentingOnlyARedirectReturnsWhatItsTargetSends() throws {
        let responses = try decision("DownloadArchive").responses
        #expect(responses.success == .single(.init(type: .named("Data"), decoding: .data, contentType: "*/*")))
        #expect(responses.acceptedMediaTypes == ["*/*"])
        #expect(
            responses.failure
                == .single(.init(type: .named("Problem"), decoding: .json, contentType: "application/json")))
        let request = try declaration("DownloadArchive")
        #expect(request.responseType == "Data")
        #expect(!request.hasAcceptableStatus)
    }

    // MARK: Responses without a body

    @Test func aDocumented204BodyIsNotDecoded() throws {
        #expect(try decision("DeletePet").responses.success == .single(.none))
        #expect(try declaration("DeletePet").responseType == "NoContent")
    }

    @Test func a205IsACaseWithoutValue() throws {
        guard case .byStatus(let cases) = try decision("PutPet").responses.success else {
            Issue.record("expected a case per status")
            return
        }
        #expect(cases.map(\.name) == ["ok", "resetContent"])
        #expect(cases[1].payload == .none)
        #expect(try declaration("PutPet").responseCases.map(\.payload) == ["(Pet)", ""])
    }

    @Test func aHEADResponseHasNoBody() throws {
        #expect(try decision("PetExists").responses.success == .single(.none))
    }

    // MARK: Content-Type

    @Test func aRangeBesideJSONSendsJSON() throws {
        let body = try #require(try decision("PutPet").body)
        #expect(body.content == .single(.json(.named("Pet"), contentType: nil)))
        #expect(try declaration("PutPet").requestBodyLines.joined().contains("body.map { .json($0) }"))
    }

    @Test func aRangeAloneSendsAConcreteTypeOfIt() throws {
        #expect(try decision("PostNote").body?.content == .single(.json(.named("Pet"), contentType: nil)))
        #expect(try decision("PostText").body?.content == .single(.text(contentType: "text/plain; charset=utf-8")))
        let model = try #require(build(Self.spec)).model
        #expect(
            model.requests.filter { !["PostBlob", "UploadAsset"].contains($0.name) }.allSatisfy {
                !$0.requestBodyLines.joined().contains("*")
            })
    }

    /// `*/*` with a string schema is a file's bytes, not a JSON string.
    @Test func anyMediaTypeOfAStringIsBytes() throws {
        let body = try #require(try decision("UploadAsset").body)
        #expect(body.content == .single(.binary(contentType: "*/*")))
        #expect(body.content.formats.first?.type == .named("FileUpload"))
    }

    /// The range is passed on for bytes: the runtime sends the upload's own type within it
    /// (`image/png`), else `application/octet-stream`, never the range itself.
    @Test func bytesKeepTheRangeForTheRuntimeToResolve() throws {
        #expect(try decision("PostBlob").body?.content == .single(.binary(contentType: "image/*")))
    }
}
