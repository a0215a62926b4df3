import Foundation

extension KeyedDecodingContainer {
    /// A `format: uri` value: the string under `key`, made a `URL` as `JSONDecoder` makes one.
    ///
    /// Read as a string from any decoder, as the API writes it, where `URL`'s own `Decodable`
    /// expects a keyed container from every decoder but `JSONDecoder`. Text that is not a URL
    /// fails, with the key in the error.
    public func decodeURL(forKey key: Key) throws -> URL {
        try link(decode(String.self, forKey: key), forKey: key) { URL(string: $0) }
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
