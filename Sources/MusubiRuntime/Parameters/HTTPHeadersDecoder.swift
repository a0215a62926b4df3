import Foundation

/// Decodes a `Decodable` type from header fields: each key is a field name (matched ignoring
/// case), each value the field's text.
///
/// Text becomes the type asked for: numbers and booleans parsed, `Date` from RFC 3339 or the
/// HTTP date format (`Sun, 06 Nov 1994 08:49:37 GMT`), arrays split at commas (OpenAPI's
/// `simple` style), and anything decodable from a string — open enums, `UUID`, `URL` — through
/// its own `init(from:)`. A value that does not parse is a `DecodingError` naming the header,
/// like a body that does not match its schema.
public struct HTTPHeadersDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from headers: HTTPHeaders) throws -> T {
        try T(from: HeaderFieldsDecoder(headers: headers))
    }
}

private struct HeaderFieldsDecoder: Decoder {
    let headers: HTTPHeaders
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer(headers: headers))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, DecodingError.Context(codingPath: [], debugDescription: "headers are keyed by name"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            String.self, DecodingError.Context(codingPath: [], debugDescription: "headers are keyed by name"))
    }
}

private struct FieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let headers: HTTPHeaders
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { headers.fields.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool {
        headers.contains(key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        !contains(key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let text = headers[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: [key], debugDescription: "the response has no \(key.stringValue) header"))
        }
        return try TextValueDecoder(text: text, codingPath: [key]).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(
            [String: Any].self, DecodingError.Context(codingPath: [key], debugDescription: "a header is text"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TextValueDecoder(text: headers[key.stringValue] ?? "", codingPath: [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { HeaderFieldsDecoder(headers: headers) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        TextValueDecoder(text: headers[key.stringValue] ?? "", codingPath: [key])
    }
}

/// Decodes one header value's text.
private struct TextValueDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let date = RFC3339.parse(trimmed) ?? HTTPDate.parse(trimmed) else {
                throw mismatch("an RFC 3339 or HTTP date")
            }
            return date as! T
        }
        // Foundation's own `Codable` for these expects a keyed container, not text.
        if type == URL.self {
            guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)) else { throw mismatch("a URL") }
            return url as! T
        }
        if type == Decimal.self {
            guard
                let decimal = Decimal(
                    string: text.trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX"))
            else { throw mismatch("a decimal number") }
            return decimal as! T
        }
        if type == Data.self {
            guard let data = Data(base64Encoded: text) else { throw mismatch("base64 text") }
            return data as! T
        }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch("an object, which a header cannot hold")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let items = text.isEmpty ? [] : text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return ItemsContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    func decode(_ type: String.Type) throws -> String { text }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true": return true
        case "false": return false
        default: throw mismatch("true or false")
        }
    }

    func decode(_ type: Double.Type) throws -> Double { try number(Double.init) }
    func decode(_ type: Float.Type) throws -> Float { try number(Float.init) }
    func decode(_ type: Int.Type) throws -> Int { try number(Int.init) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(Int8.init) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(Int16.init) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(Int32.init) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(Int64.init) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(UInt.init) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(UInt8.init) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(UInt16.init) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(UInt32.init) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(UInt64.init) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type)
    }

    private func number<N>(_ parse: (String) -> N?) throws -> N {
        guard let value = parse(text.trimmingCharacters(in: .whitespaces)) else { throw mismatch("a number") }
        return value
    }

    private func mismatch(_ expected: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found \"\(text)\""))
    }
}

/// The items of a comma-separated header value.
private struct ItemsContainer: UnkeyedDecodingContainer {
    let items: [String]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [String], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "no more items"))
        }
        defer { currentIndex += 1 }
        return try TextValueDecoder(text: items[currentIndex], codingPath: codingPath).decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        throw DecodingError.typeMismatch(
            [String: Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "a header item is text")
        )
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "a header item is text"))
    }

    mutating func superDecoder() throws -> any Decoder {
        TextValueDecoder(text: items[currentIndex], codingPath: codingPath)
    }
}

/// RFC 9110's preferred date format, `Sun, 06 Nov 1994 08:49:37 GMT` (`Last-Modified`,
/// `Expires`, `Retry-After`).
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
