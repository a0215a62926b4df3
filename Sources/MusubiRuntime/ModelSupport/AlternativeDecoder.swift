/// Decodes a value that may have one of several shapes (`oneOf`, `anyOf`), remembering why each
/// shape that did not fit failed.
///
/// Generated `oneOf` enums try their alternatives in the order the spec lists them and take the
/// first that decodes; `anyOf` structs try them all and keep every one that decodes. When none
/// fits, the error names each alternative with its own failure, because "no alternative matched"
/// alone leaves the reader guessing which field of which shape was wrong.
public struct AlternativeDecoder {
    private let decoder: any Decoder
    private var failures: [(type: String, error: any Error)] = []
    private var matches = 0

    public init(_ decoder: any Decoder) {
        self.decoder = decoder
    }

    /// The value decoded as `type`, or nil (and the failure recorded) when it is not one.
    public mutating func decode<Value: Decodable>(_ type: Value.Type) -> Value? {
        do {
            let value = try Value(from: decoder)
            matches += 1
            return value
        } catch {
            failures.append((String(describing: type), error))
            return nil
        }
    }

    /// The error for a value that fits none of the alternatives of `type`.
    public func noMatch<Value>(for type: Value.Type) -> DecodingError {
        let reasons = failures.map { failure in
            let reason = (failure.error as? DecodingError).map {
                DecodingErrorDescription.describe($0, body: nil)
            }
            guard let reason else { return "\(failure.type): \(failure.error)" }
            let place = reason.codingPath.isEmpty ? "" : " at \(reason.codingPath)"
            return "\(failure.type)\(place): \(reason.detail)"
        }
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "the value matches none of the alternatives of \(String(describing: type)): "
                    + reasons.joined(separator: "; ")))
    }

    /// Throws ``noMatch(for:)`` unless at least one alternative decoded.
    public func requireMatch<Value>(for type: Value.Type) throws {
        if matches == 0 { throw noMatch(for: type) }
    }
}

extension Decoder {
    /// The string value of a `oneOf`'s discriminator property, which names the alternative.
    public func discriminator(_ propertyName: String) throws -> String {
        let container = try container(keyedBy: StringCodingKey.self)
        return try container.decode(String.self, forKey: StringCodingKey(stringValue: propertyName))
    }

    /// The integer value of the property a `oneOf`'s alternatives are told apart by, for
    /// unions tagged with numbers (Discord's `type: 2` for a button).
    public func integerDiscriminator(_ propertyName: String) throws -> Int {
        let container = try container(keyedBy: StringCodingKey.self)
        return try container.decode(Int.self, forKey: StringCodingKey(stringValue: propertyName))
    }
}

extension EncodingError {
    /// The error for an `anyOf` value with none of its alternatives set: there is nothing to
    /// encode, and encoding nothing would send an invalid body without a word.
    public static func noAlternative<Value>(in value: Value, at codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(
            value,
            Context(
                codingPath: codingPath,
                debugDescription: "\(Value.self) has none of its alternatives set"))
    }
}
