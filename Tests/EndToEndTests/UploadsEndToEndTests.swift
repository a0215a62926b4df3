import Foundation
import MusubiRuntime
import Testing
import UploadsClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated Uploads client — forms, multipart, binary and text bodies, typed headers —
/// against the independent validating server, which checks every body with openapi-core.
@Suite(.enabled(if: endToEndEnabled, "needs the Python venv with openapi-core (Scripts/setup-tests.sh sets it up)"))
struct UploadsEndToEndTests {
    let server: ValidatingServer
    let client: Client

    init() throws {
        server = try ValidatingServer(spec: "Specs/uploads.yaml")
        client = Client(baseURL: server.baseURL.appendingPathComponent("v1"))
    }

    /// A client whose requests ask the server for a specific documented response.
    func client(respondingWith status: String) -> Client {
        Client(
            baseURL: server.baseURL.appendingPathComponent("v1"),
            interceptors: [.header("X-Musubi-Respond-With", status)])
    }

    /// The last request the server received, which must have passed validation.
    func lastValidEntry(_ operationID: String) async throws -> ValidatingServer.LogEntry {
        let entry = try #require(try await server.log().last)
        #expect(entry.valid, "\(entry.errors)")
        #expect(entry.operationID == operationID)
        return entry
    }

    /// A file on disk for upload tests, removed by the caller.
    func temporaryFile(_ contents: Data, name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-e2e-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    @Test func aURLEncodedFormIsValidAndTheHeadersAreTyped() async throws {
        let result = try await client.send(
            SearchRecords(
                body: SearchForm(criteria: "name:\"Tama\" & age>2", start: 0, rows: 10, fields: ["id", "title"])))
        #expect(result.body.total == 2)
        #expect(result.body.records.map(\.title) == ["Tama", "Pochi"])
        #expect(result.headers.rateLimitRemaining == 41)
        #expect(result.headers.requestID == UUID(uuidString: "3f2504e0-4f89-11d3-9a0c-0305e82c3301"))

        let entry = try await lastValidEntry("searchRecords")
        #expect(entry.headers?["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test func aDocumentedErrorOfAFormRequestIsTyped() async throws {
        do {
            _ = try await client(respondingWith: "400").send(SearchRecords(body: SearchForm(criteria: "\"")))
            Issue.record("expected a 400 error")
        } catch {
            guard case .status(400, let problem?, _) = error else {
                Issue.record("expected .status(400, Problem), got \(error)")
                return
            }
            #expect(problem.message == "unbalanced quotes")
        }
    }

    @Test func aMultipartUploadStreamsTheFileAndIsValid() async throws {
        // Small enough that the server's log (the first 4096 characters) shows every part.
        let file = try temporaryFile(Data(repeating: 0x41, count: 2_000), name: "cat.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        let response = try await client.send(
            UploadFile(
                body: UploadFileBody(
                    file: .file(file), purpose: .avatar, tags: ["cat", "cute"],
                    metadata: FileMetadata(title: "Tama", rating: 5),
                    thumbnails: [.data(Data([1, 2, 3]), fileName: "small.png", contentType: "image/png")]),
                fileChecksum: "abc123"))
        guard case .created(let stored) = response else {
            Issue.record("expected .created, got \(response)")
            return
        }
        #expect(stored.body == FileInfo(id: 7, name: "cat.png", size: 1024))
        #expect(stored.headers.location == URL(string: "https://uploads.example.com/v1/files/7"))

        let entry = try await lastValidEntry("uploadFile")
        #expect(entry.headers?["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        let body = try #require(entry.bodyText)
        #expect(body.contains(#"name="file"; filename="cat.png""#))
        #expect(body.contains("Content-Type: image/png\r\nX-Checksum: abc123"))
        #expect(body.contains("Content-Type: application/json\r\n\r\n{\"rating\":5,\"title\":\"Tama\"}"))
    }

    @Test func otherSuccessAndDefaultResponsesOfTheUpload() async throws {
        let body = UploadFileBody(file: .data(Data("x".utf8), fileName: "x.png"), purpose: .attachment)
        let accepted = try await client(respondingWith: "202").send(UploadFile(body: body))
        #expect(accepted == .accepted)

        do {
            _ = try await client(respondingWith: "default").send(UploadFile(body: body))
            Issue.record("expected the default error")
        } catch {
            guard case .status(500, let problem?, _) = error else {
                Issue.record("expected .status(500, Problem), got \(error)")
                return
            }
            #expect(problem.message == "too large")
        }
    }

    @Test func aHeadRequestDecodesItsHeadersAndNoBody() async throws {
        let file = try await client.send(CheckFile(id: 7))
        #expect(file.body == NoContent())
        #expect(file.headers.fileSize == 1024)
        #expect(file.headers.lastModified == "Tue, 15 Nov 1994 08:12:31 GMT")
        _ = try await lastValidEntry("checkFile")

        do {
            _ = try await client(respondingWith: "404").send(CheckFile(id: 8))
            Issue.record("expected a 404 error")
        } catch {
            guard case .status(404, nil, let raw) = error else {
                Issue.record("expected .status(404, nil, …), got \(error)")
                return
            }
            #expect(raw.statusCode == 404)
        }
    }

    @Test func binaryBodiesFromAFileAndFromMemory() async throws {
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
        let file = try temporaryFile(bytes, name: "photo.bin")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        #expect(try await client.send(ReplaceContent(id: 7, body: .file(file))) == NoContent())
        let fromFile = try await lastValidEntry("replaceContent")
        #expect(fromFile.headers?["Content-Type"] == "application/octet-stream")
        #expect(fromFile.headers?["Content-Length"] == "100000")

        #expect(try await client.send(ReplaceContent(id: 7, body: .data(Data("PNG".utf8)))) == NoContent())
        _ = try await lastValidEntry("replaceContent")

        do {
            _ = try await client(respondingWith: "415").send(ReplaceContent(id: 7, body: .data(Data("GIF".utf8))))
            Issue.record("expected a 4XX error")
        } catch {
            guard case .status(415, let problem?, _) = error else {
                Issue.record("expected .status(415, Problem), got \(error)")
                return
            }
            #expect(problem.message == "not an image")
        }
    }

    @Test func binaryResponsesDecodeToData() async throws {
        let bytes = try await client.send(DownloadContent(id: 7))
        #expect(bytes == Data("PNG bytes".utf8))
        let entry = try await lastValidEntry("downloadContent")
        #expect(entry.headers?["Accept"] == "application/octet-stream")
    }

    @Test func textBodiesAndTextResponses() async throws {
        let note = try await client.send(CreateNote(body: "Remember the milk — and the eggs"))
        #expect(note == "Remember the milk")
        let entry = try await lastValidEntry("createNote")
        #expect(entry.bodyText == "Remember the milk — and the eggs")

        do {
            _ = try await client(respondingWith: "422").send(CreateNote(body: " "))
            Issue.record("expected a 4XX error")
        } catch {
            guard case .status(422, let problem?, _) = error else {
                Issue.record("expected .status(422, Problem), got \(error)")
                return
            }
            #expect(problem.message == "empty note")
        }
    }

    @Test func anOptionalBodyMayBeLeftOut() async throws {
        #expect(try await client.send(CreateLabels()) == ["urgent", "later"])
        let without = try await lastValidEntry("createLabels")
        #expect(without.headers?["Content-Type"] == nil)

        #expect(try await client.send(CreateLabels(body: ["urgent"])) == ["urgent", "later"])
        let with = try await lastValidEntry("createLabels")
        #expect(with.body == .array([.string("urgent")]))
    }

    @Test func theCallerPicksAmongSeveralMediaTypes() async throws {
        let profile = Profile(name: "Tama", age: 3)
        for body in [
            UpdateProfile.Body.json(profile), .form(profile),
            .multipart(ProfileWithAvatar(name: "Tama", avatar: .data(Data([7])))),
        ] {
            let stored = try await client.send(UpdateProfile(body: body))
            #expect(stored == Profile(name: "Tama", age: 3))
            let entry = try await lastValidEntry("updateProfile")
            let contentType = entry.headers?["Content-Type"] ?? ""
            switch body {
            case .json: #expect(contentType == "application/json")
            case .form: #expect(contentType == "application/x-www-form-urlencoded")
            case .multipart: #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            }
        }

        // Without a choice, the JSON the operation lists first.
        #expect(try await client.send(UpdateProfile(body: profile)) == profile)
        #expect(try await lastValidEntry("updateProfile").headers?["Content-Type"] == "application/json")
    }

    /// Controls: the server really rejects form and multipart bodies that do not match the
    /// spec, so the passing tests above mean something.
    @Test func theServerRejectsInvalidBodies() async throws {
        var form = URLRequest(url: server.baseURL.appendingPathComponent("v1/search"))
        form.httpMethod = "POST"
        form.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        form.httpBody = Data("criteria=x&start=minus-one".utf8)
        let (_, formResponse) = try await URLSession.shared.data(for: form)
        #expect((formResponse as? HTTPURLResponse)?.statusCode == 400)
        #expect(try await server.log().last?.valid == false)

        // A multipart body without its required file part.
        let boundary = MultipartForm.randomBoundary()
        let parts = try MultipartForm.encode(MultipartForm.parts(of: ["purpose": "avatar"]), boundary: boundary)
        var multipart = URLRequest(url: server.baseURL.appendingPathComponent("v1/files"))
        multipart.httpMethod = "POST"
        multipart.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        multipart.httpBody = parts.body.data
        let (_, multipartResponse) = try await URLSession.shared.data(for: multipart)
        #expect((multipartResponse as? HTTPURLResponse)?.statusCode == 400)
        let entry = try #require(try await server.log().last)
        #expect(!entry.valid)
        #expect(entry.errors.joined().contains("file"))
    }
}

extension ValidatingServer.LogEntry {
    /// The body the server received, when it logged it as text.
    var bodyText: String? {
        if case .string(let text) = body { text } else { nil }
    }
}
