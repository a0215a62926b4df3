import Foundation

/// How request and response bodies are turned into values and back.
///
/// Holds factories rather than a shared `JSONEncoder`/`JSONDecoder`: those classes are not
/// `Sendable` on every platform this runtime supports, and creating one is cheap next to a
/// network round trip. A request states its `Coding`; an API whose server needs different
/// date or key handling supplies its own instead of `.standard`.
public struct Coding: Sendable {
    private let makeDecoder: @Sendable () -> JSONDecoder
    private let makeEncoder: @Sendable () -> JSONEncoder

    /// - Parameters:
    ///   - makeDecoder: Called once per decode, so the returned decoder is never shared.
    ///   - makeEncoder: Called once per encode, so the returned encoder is never shared.
    public init(
        makeDecoder: @escaping @Sendable () -> JSONDecoder,
        makeEncoder: @escaping @Sendable () -> JSONEncoder
    ) {
        self.makeDecoder = makeDecoder
        self.makeEncoder = makeEncoder
    }

    /// JSON with dates as RFC 3339 text and `Data` as base64 (the `JSONEncoder` default).
    ///
    /// Decoding accepts every date-time variant real servers send (see `RFC3339.parse`);
    /// encoding writes `2024-01-02T03:04:05Z`, with the fraction only when non-zero, to the
    /// microsecond (`.500`, `.098086`), so a decoded date encodes as the same instant. Keys are
    /// written sorted so the same value always encodes to the same bytes (stable request
    /// signatures, cache keys and test expectations).
    public static let standard = Coding(
        makeDecoder: {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = RFC3339.parse(text) else {
                    throw DecodingError.dataCorruptedError(
                        in: container,
                        debugDescription:
                            "expected an RFC 3339 date-time such as 2024-01-02T03:04:05Z, found \"\(text)\""
                    )
                }
                return date
            }
            return decoder
        },
        makeEncoder: {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(RFC3339.format(date))
            }
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return encoder
        }
    )

    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try makeDecoder().decode(type, from: data)
    }

    /// Decodes the type the context asks for: generated code writes
    /// `.notFound(try coding.decode(from: response.body))` and the case's payload names the type.
    public func decode<T: Decodable>(from data: Data) throws -> T {
        try makeDecoder().decode(T.self, from: data)
    }

    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try makeEncoder().encode(value)
    }

    /// Encodes `value` with extra entries in the encoder's `userInfo`.
    func encode<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: any Sendable]) throws -> Data {
        let encoder = makeEncoder()
        encoder.userInfo.merge(userInfo) { _, new in new }
        return try encoder.encode(value)
    }
}
