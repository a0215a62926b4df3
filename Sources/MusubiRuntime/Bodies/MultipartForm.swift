import Foundation

/// Writes a value as `multipart/form-data` (RFC 7578), one part per property.
///
/// A property's part depends on its value: text for a scalar (no `Content-Type`, which means
/// `text/plain`), the bytes of a `FileUpload` or `Data` with a filename and their media type,
/// JSON for an object, and one part per item for an array, as OpenAPI describes. A
/// property's `FieldEncoding` may name the media type and add headers.
///
/// Bodies with a file given by URL are written to a temporary file in bounded chunks and sent
/// from there, so no file is ever read whole into memory; the client removes it after the
/// send. Other bodies are built in memory.
public enum MultipartForm {
    /// One part: its headers, and bytes in memory or in a file.
    public struct Part: Hashable, Sendable {
        public var headers: [HTTPHeaders.Field]
        public var content: FileUpload.Content
    }

    /// The size of the chunks a file is copied in.
    static let chunkSize = 64 * 1024

    /// A boundary no part will contain by chance: 128 random bits.
    public static func randomBoundary() -> String {
        "musubi-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The parts for `value`, whose top level must be an object; `nil` members are left out.
    public static func parts<T: Encodable>(
        of value: T, encoding: [String: FieldEncoding] = [:], coding: Coding = .standard
    ) throws -> [Part] {
        let root = try ParameterEncoding.body(value)
        guard case .object = root.node else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "a multipart body must be an object"))
        }
        var parts: [Part] = []
        for (name, member) in root.members {
            let field = encoding[name] ?? FieldEncoding()
            let extraHeaders = try field.headers.compactMap { parameter -> HTTPHeaders.Field? in
                guard let value = parameter.value else { return nil }
                try checkHeader(value, of: name)
                return HTTPHeaders.Field(name: parameter.name, value: value)
            }
            // An array is one part per item, except when the spec asks for it as JSON.
            let declaredJSON = field.contentType.map(URLEncodedForm.isJSON) ?? false
            let isArray = if case .array = member.node { true } else { false }
            for item in isArray && !declaredJSON ? member.elements : [member] {
                guard let node = item.node else { continue }
                parts.append(
                    try part(
                        node, original: item.original, name: name, encoding: field, headers: extraHeaders,
                        coding: coding))
            }
        }
        return parts
    }

    private static func part(
        _ value: ParameterNode, original: (any Encodable)?, name: String, encoding: FieldEncoding,
        headers extra: [HTTPHeaders.Field], coding: Coding
    ) throws -> Part {
        let declared = encoding.contentType.flatMap(firstConcreteType)
        var disposition = "form-data; name=\"\(quoted(name))\""
        var contentType: String?
        let content: FileUpload.Content
        switch value {
        case .primitive(let text):
            contentType = declared
            content = .data(Data(text.utf8))
        case .file(let upload):
            disposition += "; filename=\"\(quoted(upload.fileName ?? name))\""
            contentType = upload.contentType ?? declared ?? "application/octet-stream"
            content = upload.content
        case .array, .object:
            contentType = declared ?? "application/json"
            if let original {
                content = .data(try coding.encodeRequestBody(original))
            } else {
                content = .data(try coding.encodeRequestBody(JSONValue(node: value)))
            }
        }
        var headers = [HTTPHeaders.Field(name: "Content-Disposition", value: disposition)]
        if let contentType { headers.append(HTTPHeaders.Field(name: "Content-Type", value: contentType)) }
        headers += extra
        return Part(headers: headers, content: content)
    }

    /// The body for `parts`: in memory, or in a temporary file when a part is a file.
    public static func encode(_ parts: [Part], boundary: String) throws -> RequestBody.Encoded {
        guard parts.contains(where: { if case .file = $0.content { true } else { false } }) else {
            var data = Data()
            try write(parts, boundary: boundary) {
                data.append($0)
            } copyFile: { url in
                data.append(try Data(contentsOf: url))
            }
            return RequestBody.Encoded(body: .data(data))
        }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("musubi-multipart-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        do {
            let output = try FileHandle(forWritingTo: file)
            defer { try? output.close() }
            var writeError: (any Error)?
            try write(parts, boundary: boundary) { bytes in
                guard writeError == nil else { return }
                do { try output.write(contentsOf: bytes) } catch { writeError = error }
            } copyFile: { url in
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
                    try output.write(contentsOf: chunk)
                }
            }
            if let writeError { throw writeError }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        return RequestBody.Encoded(body: .file(file), temporaryFile: file)
    }

    /// Writes the delimiters, headers and in-memory bytes through `emit`, and each file
    /// through `copyFile`, in order.
    private static func write(
        _ parts: [Part], boundary: String, emit: (Data) -> Void, copyFile: (URL) throws -> Void
    ) rethrows {
        for part in parts {
            var head = "--\(boundary)\r\n"
            for header in part.headers { head += "\(header.name): \(header.value)\r\n" }
            head += "\r\n"
            emit(Data(head.utf8))
            switch part.content {
            case .data(let data): emit(data)
            case .file(let url): try copyFile(url)
            }
            emit(Data("\r\n".utf8))
        }
        emit(Data("--\(boundary)--\r\n".utf8))
    }

    /// A name or filename inside `"…"`: quotes and line breaks percent-encoded, as browsers do.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// `image/png` from `image/png, image/jpeg`; nil for a range like `image/*`.
    private static func firstConcreteType(_ list: String) -> String? {
        let first = list.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return first.isEmpty || first.contains("*") ? nil : first
    }

    private static func checkHeader(_ value: String, of name: String) throws {
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "a header of part \(name) contains a line break or NUL"))
        }
    }
}

extension JSONValue {
    /// The JSON for a field whose value as given is not at hand (an object written through a
    /// nested container): texts stay strings, bytes are base64.
    init(node: ParameterNode) {
        switch node {
        case .primitive, .file: self = .string(node.scalarText ?? "")
        case .array(let items): self = .array(items.map(JSONValue.init(node:)))
        case .object(let members):
            var object: [String: JSONValue] = [:]
            for member in members { object[member.name] = JSONValue(node: member.value) }
            self = .object(object)
        }
    }
}

extension RequestBody {
    /// `value`'s properties as `application/x-www-form-urlencoded` fields.
    public static func form<T: Encodable & Sendable>(
        _ value: T, encoding: [String: FieldEncoding] = [:],
        contentType: String = "application/x-www-form-urlencoded"
    ) -> RequestBody {
        RequestBody(
            contentType: contentType,
            encodeData: { coding in
                try URLEncodedForm.encode(value, encoding: encoding, coding: coding)
            })
    }

    /// `value`'s properties as the parts of a `multipart/form-data` body; files given by URL
    /// are streamed from disk through a temporary file.
    public static func multipart<T: Encodable & Sendable>(
        _ value: T, encoding: [String: FieldEncoding] = [:], contentType: String = "multipart/form-data",
        boundary: String = MultipartForm.randomBoundary()
    ) -> RequestBody {
        RequestBody(contentType: "\(contentType); boundary=\(boundary)") { coding in
            try MultipartForm.encode(
                MultipartForm.parts(of: value, encoding: encoding, coding: coding), boundary: boundary)
        }
    }
}
