import Foundation
import MusubiRuntime
import Testing

/// A multipart body shaped like a generated model whose binary properties are `FileUpload`s.
private struct UploadForm: Encodable, Sendable {
    var file: FileUpload
    var purpose: String
    var count: Int?
    var tags: [String]?
    var meta: Meta?
    var attachments: [FileUpload]?

    struct Meta: Encodable, Sendable {
        var rating: Int
    }
}

@Suite struct MultipartBodyTests {
    private func bytes(_ form: UploadForm, _ encoding: [String: FieldEncoding] = [:]) throws -> RequestBody.Encoded {
        try MultipartForm.encode(MultipartForm.parts(of: form, encoding: encoding), boundary: "B")
    }

    @Test func partsAreExactlyAsRFC7578Writes() throws {
        let form = UploadForm(
            file: .data(Data("PNG".utf8), fileName: "a \"b\".png", contentType: "image/png"), purpose: "avatar",
            count: 2, tags: ["x", "y"], meta: .init(rating: 5))
        let encoded = try bytes(form, ["purpose": FieldEncoding(headers: [HeaderParameter("X-Trace", "t1")])])
        #expect(encoded.temporaryFile == nil)
        let expected = """
            --B\r
            Content-Disposition: form-data; name="file"; filename="a %22b%22.png"\r
            Content-Type: image/png\r
            \r
            PNG\r
            --B\r
            Content-Disposition: form-data; name="purpose"\r
            X-Trace: t1\r
            \r
            avatar\r
            --B\r
            Content-Disposition: form-data; name="count"\r
            \r
            2\r
            --B\r
            Content-Disposition: form-data; name="tags"\r
            \r
            x\r
            --B\r
            Content-Disposition: form-data; name="tags"\r
            \r
            y\r
            --B\r
            Content-Disposition: form-data; name="meta"\r
            Content-Type: application/json\r
            \r
            {"rating":5}\r
            --B--\r

            """
        #expect(encoded.body == .data(Data(expected.utf8)))
    }

    @Test func theEncodingObjectNamesAPartsContentType() throws {
        let form = UploadForm(file: .data(Data([0, 1])), purpose: "p")
        let encoded = try bytes(form, ["file": FieldEncoding(contentType: "image/png, image/jpeg")])
        let text = String(decoding: try #require(encoded.body.data), as: UTF8.self)
        #expect(text.contains("name=\"file\"; filename=\"file\"\r\nContent-Type: image/png\r\n"))
        let ranged = try bytes(form, ["file": FieldEncoding(contentType: "image/*")])
        #expect(
            String(decoding: try #require(ranged.body.data), as: UTF8.self)
                .contains("Content-Type: application/octet-stream\r\n"))
    }

    @Test func aLineBreakInAPartHeaderIsRefused() throws {
        let form = UploadForm(file: .data(Data()), purpose: "p")
        #expect(throws: EncodingError.self) {
            try bytes(form, ["purpose": FieldEncoding(headers: [HeaderParameter("X-Trace", "a\r\nInjected: 1")])])
        }
    }

    /// A file part is copied from disk in chunks into a temporary file that becomes the body,
    /// so the upload is never held in memory; reading that file back gives exactly the form.
    @Test func fileUploadsAreStreamedThroughATemporaryFile() throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-test-\(UUID()).bin")
        // Several chunks, and a size that is not a multiple of the chunk size.
        let content = Data((0..<(3 * 64 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try content.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }

        let form = UploadForm(
            file: .file(source, contentType: "video/mp4"), purpose: "clip",
            attachments: [.data(Data("one".utf8), fileName: "1.txt"), .file(source, fileName: "again.bin")])
        let encoded = try bytes(form)
        let temporary = try #require(encoded.temporaryFile)
        defer { try? FileManager.default.removeItem(at: temporary) }
        #expect(encoded.body == .file(temporary))

        var expected = Data()
        expected.append(
            Data(
                "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(source.lastPathComponent)\"\r\nContent-Type: video/mp4\r\n\r\n"
                    .utf8))
        expected.append(content)
        expected.append(Data("\r\n--B\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nclip\r\n".utf8))
        expected.append(
            Data(
                "--B\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"1.txt\"\r\nContent-Type: application/octet-stream\r\n\r\none\r\n"
                    .utf8))
        expected.append(
            Data(
                "--B\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"again.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    .utf8))
        expected.append(content)
        expected.append(Data("\r\n--B--\r\n".utf8))
        #expect(try Data(contentsOf: temporary) == expected)
    }

    @Test func theClientSendsTheTemporaryFileAndRemovesItAfterwards() async throws {
        struct Upload: Request {
            typealias Response = NoContent
            var form: UploadForm
            var method: HTTPMethod { .post }
            var path: RequestPath { "/files" }
            var requestBody: RequestBody? { .multipart(form, boundary: "B") }
        }
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-test-\(UUID()).txt")
        try Data("hello".utf8).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }

        let seen = Log<(URL, Data)>()
        let transport = TestTransport { request in
            if case .file(let url) = request.body { seen.append((url, try Data(contentsOf: url))) }
            return HTTPResponse(statusCode: 204)
        }
        _ = try await Client(baseURL: baseURL, transport: transport)
            .send(Upload(form: UploadForm(file: .file(source), purpose: "p")))

        let sent = try #require(transport.requests.first)
        #expect(sent.headers["Content-Type"] == "multipart/form-data; boundary=B")
        let (file, body) = try #require(seen.all.first)
        #expect(String(decoding: body, as: UTF8.self).contains("\r\n\r\nhello\r\n--B\r\n"))
        #expect(!FileManager.default.fileExists(atPath: file.path), "the temporary file outlived the send")
    }

    /// A header that cannot be sent is refused before the form is encoded, so no temporary
    /// file is written for a request that never leaves: the form's file does not exist, and
    /// the error is the header's, not the missing file's.
    @Test func aRefusedHeaderStopsTheCallBeforeTheFormIsWritten() async throws {
        struct Upload: Request {
            typealias Response = NoContent
            var form: UploadForm
            var trace: String
            var method: HTTPMethod { .post }
            var path: RequestPath { "/files" }
            var headers: [HeaderParameter] { [HeaderParameter("X-Trace", trace)] }
            var requestBody: RequestBody? { .multipart(form, boundary: "B") }
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-test-\(UUID()).bin")
        let transport = TestTransport { _ in HTTPResponse(statusCode: 204) }
        let client = Client(baseURL: baseURL, transport: transport)
        let upload = Upload(form: UploadForm(file: .file(missing), purpose: "p"), trace: "a\r\nInjected: 1")
        await #expect {
            _ = try await client.send(upload)
        } throws: { error in
            guard case .encoding(let message) = error as? ClientError<Never> else { return false }
            return message.contains("X-Trace") && !message.contains("body")
        }
        #expect(transport.requests.isEmpty)

        var valid = upload
        valid.trace = "fine"
        await #expect {
            _ = try await client.send(valid)
        } throws: { error in
            guard case .encoding(let message) = error as? ClientError<Never> else { return false }
            return message.contains("body")
        }
    }

    @Test func aBinaryBodyFromAFileIsSentAsTheFile() async throws {
        struct Put: Request {
            typealias Response = NoContent
            var body: FileUpload
            var method: HTTPMethod { .put }
            var path: RequestPath { "/blob" }
            var requestBody: RequestBody? { .binary(body, contentType: "image/*") }
        }
        let file = URL(fileURLWithPath: "/tmp/does-not-matter.png")
        let transport = TestTransport { _ in HTTPResponse(statusCode: 204) }
        let client = Client(baseURL: baseURL, transport: transport)
        _ = try await client.send(Put(body: .file(file)))
        _ = try await client.send(Put(body: .data(Data([1]), contentType: "image/png")))
        let sent = transport.requests
        #expect(sent[0].body == .file(file))
        #expect(sent[0].headers["Content-Type"] == "application/octet-stream")
        #expect(FileManager.default.fileExists(atPath: "/tmp") && sent[1].body == .data(Data([1])))
        #expect(sent[1].headers["Content-Type"] == "image/png")
    }
}
