import Foundation

/// Bytes to upload: in memory, or a file on disk that is streamed, never read whole.
///
/// The type of a binary request body (`application/octet-stream`, `image/png`) and of a file
/// part of a multipart form. A file given by URL travels from disk in bounded chunks, so a
/// gigabyte video costs no more memory than a thumbnail.
///
/// ```swift
/// UploadAvatar(body: .file(URL(fileURLWithPath: "avatar.png")))
/// Transcribe(body: .init(file: .data(recording, fileName: "memo.m4a"), model: "whisper-1"))
/// ```
public struct FileUpload: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        case data(Data)
        /// A local file, read while the request is sent.
        case file(URL)
    }

    public var content: Content
    /// Sent as the part's `filename`; for a file, its last path component unless given.
    public var fileName: String?
    /// The media type of the bytes (`image/png`); when `nil`, what the spec declares, or
    /// `application/octet-stream` when it declares a range such as `image/*`.
    public var contentType: String?

    public init(content: Content, fileName: String? = nil, contentType: String? = nil) {
        self.content = content
        self.fileName = fileName
        self.contentType = contentType
    }

    /// Bytes in memory.
    public static func data(_ data: Data, fileName: String? = nil, contentType: String? = nil) -> FileUpload {
        FileUpload(content: .data(data), fileName: fileName, contentType: contentType)
    }

    /// A local file, streamed from disk; its name is the file's unless `fileName` is given.
    public static func file(_ url: URL, fileName: String? = nil, contentType: String? = nil) -> FileUpload {
        FileUpload(content: .file(url), fileName: fileName ?? url.lastPathComponent, contentType: contentType)
    }

    /// The bytes as a request body: a file stays a file, so the transport streams it.
    public var httpBody: HTTPBody {
        switch content {
        case .data(let data): .data(data)
        case .file(let url): .file(url)
        }
    }

    /// The bytes in memory, reading a file whole: only for the rare upload embedded in JSON.
    func loadData() throws -> Data {
        switch content {
        case .data(let data): data
        case .file(let url): try Data(contentsOf: url)
        }
    }
}

/// As base64 text, as `Data` is in JSON, for the rare schema that embeds a binary value in a
/// JSON body; a file is read whole for it, as JSON cannot stream.
extension FileUpload: Codable {
    public init(from decoder: any Decoder) throws {
        self = .data(try decoder.singleValueContainer().decode(Data.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try loadData())
    }
}
