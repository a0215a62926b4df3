import Foundation

/// The container a generated model's `init(from:)` decodes its properties from: it reads like
/// the standard one (`try container.decode(Int.self, forKey: "id")`), but takes each key as the
/// `String` the literal makes, and makes the coding key here.
///
/// With the standard `KeyedDecodingContainer`, every `forKey: "id"` builds a coding key at the
/// call and destroys it on each way out, success or error; in a debug build that was a third
/// of each model's decoding code, and decoding is the largest part of a generated client. A
/// string literal is a constant `String`: nothing is copied or allocated at run time, where a
/// `StaticString` key was copied into a new `String` on each lookup (and allocated when longer
/// than fifteen bytes).
///
/// `String`, `Bool` and the number types have methods of their own, as the standard container
/// has: a call with one of them as its type resolves to the decoder's own method for it
/// (`JSONDecoder` reads the value in place), where the generic one would go the way of any
/// `Decodable`, through a nested decoder and the type's `init(from:)`. So has `URL`, which is
/// read as the string it is in the API's JSON, whatever the decoder. The methods are
/// `@inlinable`, so that an optimized client calls the decoder directly.
public struct ModelDecodingContainer {
    /// The standard container, for what the key-by-key methods below do not cover.
    public let container: KeyedDecodingContainer<StringCodingKey>

    @inlinable
    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: StringCodingKey.self)
    }

    /// The value under `key`, which must be present.
    @inlinable
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    /// The value under `key`, or nil when the key is absent or its value is `null`.
    @inlinable
    public func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }

    /// A `format: uri` value, read as a string from any decoder: see
    /// `KeyedDecodingContainer.decodeURL(forKey:)`.
    @inlinable
    public func decode(_ type: URL.Type, forKey key: String) throws -> URL {
        try container.decodeURL(forKey: StringCodingKey(stringValue: key))
    }

    /// An optional `format: uri` value, where an empty string means none: see
    /// `KeyedDecodingContainer.decodeURLIfPresent(forKey:)`.
    @inlinable
    public func decodeURLIfPresent(forKey key: String) throws -> URL? {
        try container.decodeURLIfPresent(forKey: StringCodingKey(stringValue: key))
    }

    /// A `format: uri` value kept as its text (see ``URLText``), read as a string from any
    /// decoder. An empty string is the empty URL, as for a `URL`; other text that is not a URL
    /// fails, with the key in the error.
    @inlinable
    public func decode(_ type: URLText.Type, forKey key: String) throws -> URLText {
        let key = StringCodingKey(stringValue: key)
        return try container.link(container.decode(String.self, forKey: key), forKey: key) { URLText(decoding: $0) }
    }

    /// An optional `format: uri` value kept as its text, where an empty string means none, as
    /// for ``decodeURLIfPresent(forKey:)``.
    @inlinable
    public func decodeURLTextIfPresent(forKey key: String) throws -> URLText? {
        let key = StringCodingKey(stringValue: key)
        guard let text = try container.decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return try container.link(text, forKey: key) { URLText(decoding: $0) }
    }
}

// The decoder's own methods for strings, booleans and numbers.
extension ModelDecodingContainer {
    @inlinable
    public func decode(_ type: String.Type, forKey key: String) throws -> String {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decodeIfPresent(_ type: String.Type, forKey key: String) throws -> String? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decode(_ type: Bool.Type, forKey key: String) throws -> Bool {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decodeIfPresent(_ type: Bool.Type, forKey key: String) throws -> Bool? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decode(_ type: Int.Type, forKey key: String) throws -> Int {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decodeIfPresent(_ type: Int.Type, forKey key: String) throws -> Int? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decode(_ type: Int32.Type, forKey key: String) throws -> Int32 {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decodeIfPresent(_ type: Int32.Type, forKey key: String) throws -> Int32? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decode(_ type: Int64.Type, forKey key: String) throws -> Int64 {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decodeIfPresent(_ type: Int64.Type, forKey key: String) throws -> Int64? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decode(_ type: Double.Type, forKey key: String) throws -> Double {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decodeIfPresent(_ type: Double.Type, forKey key: String) throws -> Double? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decode(_ type: Float.Type, forKey key: String) throws -> Float {
        try container.decode(type, forKey: StringCodingKey(stringValue: key))
    }

    @inlinable
    public func decodeIfPresent(_ type: Float.Type, forKey key: String) throws -> Float? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(stringValue: key))
    }
}
