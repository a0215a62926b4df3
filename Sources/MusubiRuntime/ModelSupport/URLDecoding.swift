import Foundation

extension KeyedDecodingContainer {
    /// An optional `format: uri` value, where an empty string means none.
    ///
    /// APIs send `""` for a link that is not set (GitHub's repository `homepage`, for one), and
    /// Foundation cannot make a `URL` of it, so the synthesized way would fail the whole
    /// response. Any other text that is not a URL still fails, with the key in the error.
    public func decodeURLIfPresent(forKey key: Key) throws -> URL? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "'\(text)' is not a URL")
        }
        return url
    }
}
