/// A value a spec declares with `format: int-or-string`: an integer or a string, as the JSON
/// has it. Kubernetes writes ports (`8080` or `"http"`) and rollout limits (`1` or `"25%"`)
/// so, with `type: string` beside the format, which a plain `String` could not decode.
///
/// A literal of either kind makes one: `targetPort: 8080`, `maxSurge: "25%"`.
public enum IntOrString: Codable, Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// A number.
    case int(Int)
    /// A string (a port's name, a percentage).
    case string(String)

    public init(integerLiteral value: Int) {
        self = .int(value)
    }

    public init(stringLiteral value: String) {
        self = .string(value)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an integer or a string")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        }
    }

    /// The integer, if the value is one.
    public var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }

    /// The string, if the value is one.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as written: `8080`, `25%`.
    public var description: String {
        switch self {
        case .int(let number): String(number)
        case .string(let text): text
        }
    }
}
