import Foundation

extension KeyedDecodingContainer {
    /// A `format: uri` value: the string under `key`, made a `URL` as `JSONDecoder` makes one.
    ///
    /// Read as a string from any decoder, as the API writes it, where `URL`'s own `Decodable`
    /// expects a keyed container from every decoder but `JSONDecoder`. An empty string, which
    /// APIs send for a link they do not have even where one is required, is the empty URL,
    /// whose `absoluteString` is `""`; other text that is not a URL fails, with the key in the
    /// error.
    public func decodeURL(forKey key: Key) throws -> URL {
        try link(decode(String.self, forKey: key), forKey: key) { $0.isEmpty ? EmptyLink.url : URL(string: $0) }
    }

    /// An optional `format: uri` value, where an empty string means none.
    ///
    /// APIs send `""` for a link that is not set (GitHub's repository `homepage`, for one), and
    /// Foundation cannot make a `URL` of it, so the synthesized way would fail the whole
    /// response. Any other text that is not a URL still fails, with the key in the error.
    public func decodeURLIfPresent(forKey key: Key) throws -> URL? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return try link(text, forKey: key) { URL(string: $0) }
    }

    /// `text` made a link by `make` (a `URL`, or a ``URLText``); a decoding error naming `key`
    /// when `make` makes none of it.
    @inlinable
    func link<Link>(_ text: String, forKey key: Key, _ make: (String) -> Link?) throws -> Link {
        guard let link = make(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "'\(text)' is not a URL")
        }
        return link
    }
}

/// The empty URL, whose `absoluteString` is `""`: what a required `format: uri` value decodes
/// to when the API sends `""` for it.
///
/// APIs send `""` for a link they do not have even where the spec requires one: Mastodon's
/// `PreviewCard` has an empty `author_url`, `embed_url` or `provider_url` in most responses. A
/// required property has no nil to stand for it, and `URL(string: "")` makes no URL, so the
/// whole response failed. `""` is a URI reference (the empty relative reference, RFC 3986),
/// and Foundation's `URL` holds it, as `URLComponents` makes it: the property keeps its `URL`
/// type, the value encodes back as `""`, and a caller tells it apart by its empty
/// `absoluteString`. An optional property still reads `""` as nil.
@usableFromInline
enum EmptyLink {
    /// The empty URL; nil where Foundation makes none, and then `""` fails to decode.
    @usableFromInline
    static let url: URL? = URLComponents().url.flatMap { $0.absoluteString.isEmpty ? $0 : nil }
}
