import Foundation

/// The container a generated model's `init(from:)` decodes its properties from: it reads like
/// the standard one (`try container.decode(Int.self, forKey: "id")`), but takes each key as a
/// `StaticString`.
///
/// With the standard `KeyedDecodingContainer`, every `forKey: "id"` builds a `String` and a
/// coding key at the call and destroys them on each way out, success or error; in a debug
/// build that was a third of each model's decoding code, and decoding is the largest part of a
/// generated client. A static string is three constants, so the key is made once, here.
public struct ModelDecodingContainer {
    /// The standard container, for what the key-by-key methods below do not cover.
    public let container: KeyedDecodingContainer<StringCodingKey>

    public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: StringCodingKey.self)
    }

    /// The value under `key`, which must be present.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: StaticString) throws -> Value {
        try container.decode(type, forKey: StringCodingKey(key))
    }

    /// The value under `key`, or nil when the key is absent or its value is `null`.
    public func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: StaticString) throws -> Value? {
        try container.decodeIfPresent(type, forKey: StringCodingKey(key))
    }

    /// An optional `format: uri` value, where an empty string means none: see
    /// `KeyedDecodingContainer.decodeURLIfPresent(forKey:)`.
    public func decodeURLIfPresent(forKey key: StaticString) throws -> URL? {
        try container.decodeURLIfPresent(forKey: StringCodingKey(key))
    }
}

extension StringCodingKey {
    /// The key a static string names.
    @usableFromInline
    init(_ key: StaticString) {
        self.init(stringValue: key.description)
    }
}
