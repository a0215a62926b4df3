/// Decodes a value that may have one of several shapes (`oneOf`, `anyOf`), remembering why each
/// shape that did not fit failed.
///
/// Generated `oneOf` enums try their alternatives in the order the spec lists them and take the
/// first that decodes; `anyOf` structs try them all and keep every one that decodes. When none
/// fits, the error names each alternative with its own failure, because "no alternative matched"
/// alone leaves the reader guessing which field of which shape was wrong.
///
/// A `oneOf` or `anyOf` of objects says first what each object alternative needs of a value
/// (``AlternativeShape``): then an alternative whose pinned member (`type: {const: user}`) has
/// another value, or that lacks a member it requires, is not tried at all, and the others are
/// tried most specific first (see ``init(_:shapes:)``); an `anyOf` decodes each alternative
/// that is left (``decode(_:at:)``). A pinned member is otherwise an open enum that takes any
/// value, so trying in order would take a `{"type": "file"}` for the first alternative whose
/// other members fit, and an `anyOf` would be every alternative whose other members fit.
public struct AlternativeDecoder {
    private let decoder: any Decoder
    /// Why each alternative did not fit, for the error when none does. Only that error names
    /// them: describing a type takes longer than decoding a small value, and most values decode
    /// as some alternative after others failed.
    private var failures: [(alternative: TriedAlternative, error: any Error)] = []
    private var matches = 0
    /// The offsets of the alternatives still to try, the next one last.
    private var pending: [Int] = []
    /// The offsets of the alternatives whose shapes let the value be one; nil without shapes.
    private var fitting: Set<Int>?

    public init(_ decoder: any Decoder) {
        self.decoder = decoder
    }

    /// A decoder for a `oneOf` or `anyOf` whose alternatives are described by `shapes`, by
    /// offset (nil for an alternative that is no object, or accepts any object). ``next()``
    /// gives the offsets of the alternatives to try, in order, and ``decode(_:at:)`` decodes an
    /// alternative only when it is among them:
    ///
    /// - an object alternative is left out when the value is no object, lacks one of the
    ///   members the alternative requires, or has a pinned member with another value;
    /// - the others come most specific first: most pinned members matched, then most of the
    ///   alternative's members present, then in the spec's order.
    public init(_ decoder: any Decoder, shapes: [AlternativeShape?]) {
        self.decoder = decoder
        let object = try? decoder.container(keyedBy: StringCodingKey.self)
        var ranked: [(offset: Int, pins: Int, keys: Int)] = []
        var pinned = PinnedMembers()
        for (offset, shape) in shapes.enumerated() {
            guard let shape else {
                ranked.append((offset, 0, 0))
                continue
            }
            guard let object else {
                failures.append((.shape(shape), AlternativeMismatch.notAnObject))
                continue
            }
            if let missing = shape.required.first(where: { !object.contains(StringCodingKey(stringValue: $0)) }) {
                failures.append((.shape(shape), AlternativeMismatch.missing(missing)))
                continue
            }
            var pins = 0
            var mismatch: AlternativeMismatch?
            for pin in shape.pins {
                switch pinned.value(of: pin.key, as: pin.value, in: object) {
                case .absent: continue
                case .equal: pins += 1
                case .different:
                    mismatch = .differs(pin.key, pin.value)
                }
                if mismatch != nil { break }
            }
            if let mismatch {
                failures.append((.shape(shape), mismatch))
                continue
            }
            let keys =
                shape.required.count
                + shape.keys.reduce(0) { $0 + (object.contains(StringCodingKey(stringValue: $1)) ? 1 : 0) }
            ranked.append((offset, pins, keys))
        }
        // Most specific first; a stable order for equals, the spec's.
        ranked.sort { lhs, rhs in
            if lhs.pins != rhs.pins { return lhs.pins > rhs.pins }
            if lhs.keys != rhs.keys { return lhs.keys > rhs.keys }
            return lhs.offset < rhs.offset
        }
        pending = ranked.reversed().map(\.offset)
        fitting = Set(pending)
    }

    /// The offset of the next alternative to try (see ``init(_:shapes:)``); nil when none is left.
    public mutating func next() -> Int? {
        pending.popLast()
    }

    /// The value decoded as `type`, or nil (and the failure recorded) when it is not one.
    public mutating func decode<Value: Decodable>(_ type: Value.Type) -> Value? {
        do {
            let value = try Value(from: decoder)
            matches += 1
            return value
        } catch {
            failures.append((.type(type), error))
            return nil
        }
    }

    /// The value decoded as the alternative at `offset` of the shapes given to
    /// ``init(_:shapes:)``, or nil when its shape rules the value out (the reason recorded) or
    /// it does not decode: how an `anyOf` struct, which keeps every alternative a value is,
    /// leaves out one whose pinned member has another value (`type: "audio/pcmu"` is no PCM
    /// format, though its `type` would decode into that format's open enum).
    public mutating func decode<Value: Decodable>(_ type: Value.Type, at offset: Int) -> Value? {
        guard fitting?.contains(offset) ?? true else { return nil }
        return decode(type)
    }

    /// The alternative `make` makes from a value of its type (an enum case: `Self.user`),
    /// decoded; nil (and the failure recorded) when the value is not one.
    public mutating func decode<Value: Decodable, Union>(_ make: (Value) -> Union) -> Union? {
        decode(Value.self).map(make)
    }

    /// The error for a value that fits none of the alternatives of `type`.
    public func noMatch<Value>(for type: Value.Type) -> DecodingError {
        let reasons = failures.map { failure in
            let name = failure.alternative.name
            if let mismatch = failure.error as? AlternativeMismatch { return "\(name): \(mismatch.reason)" }
            let reason = (failure.error as? DecodingError).map {
                DecodingErrorDescription.describe($0, body: nil)
            }
            guard let reason else { return "\(name): \(failure.error)" }
            let place = reason.codingPath.isEmpty ? "" : " at \(reason.codingPath)"
            return "\(name)\(place): \(reason.detail)"
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

/// What an object alternative of a `oneOf` or `anyOf` needs of a JSON object, so that
/// ``AlternativeDecoder`` knows which alternatives a value can be before decoding any.
public struct AlternativeShape: Sendable {
    /// The alternative's type, for error messages.
    public let typeName: String
    /// Members the alternative cannot be decoded without.
    public let required: [String]
    /// Members with one allowed value (`type: {const: user}`, `deleted: {enum: [true]}`): a
    /// value where one has another is not this alternative.
    public let pins: [(key: String, value: PinnedValue)]
    /// The alternative's other members: of two alternatives that both fit, the one more of
    /// whose members the value has is tried first.
    public let keys: [String]

    public init<Alternative>(
        _ type: Alternative.Type, requires required: [String] = [], pins: KeyValuePairs<String, PinnedValue> = [:],
        keys: [String] = []
    ) {
        typeName = String(describing: type)
        self.required = required
        self.pins = pins.map { ($0.key, $0.value) }
        self.keys = keys
    }
}

/// The one value a pinned member of an ``AlternativeShape`` allows.
public enum PinnedValue: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
    case string(String)
    case integer(Int)
    case boolean(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }

    /// The value as JSON writes it.
    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        }
    }
}

/// An alternative the decoder tried or ruled out, named only for an error.
private enum TriedAlternative {
    case shape(AlternativeShape)
    case type(Any.Type)

    var name: String {
        switch self {
        case .shape(let shape): shape.typeName
        case .type(let type): String(describing: type)
        }
    }
}

/// Why an alternative's shape rules a value out.
private enum AlternativeMismatch: Error {
    case notAnObject
    case missing(String)
    case differs(String, PinnedValue)

    var reason: String {
        switch self {
        case .notAnObject: "the value is not an object"
        case .missing(let key): "no member `\(key)`"
        case .differs(let key, let value): "`\(key)` is not \(value)"
        }
    }
}

/// The values of an object's pinned members, each read once however many alternatives pin it.
private struct PinnedMembers {
    enum Comparison { case absent, equal, different }

    private var read: [String: PinnedValue?] = [:]

    /// How the member `key` compares with `pinned`: absent, equal, or another value (of another
    /// type, or null, included).
    mutating func value(
        of key: String, as pinned: PinnedValue, in object: KeyedDecodingContainer<StringCodingKey>
    ) -> Comparison {
        let codingKey = StringCodingKey(stringValue: key)
        guard object.contains(codingKey) else { return .absent }
        let value: PinnedValue?
        if let known = read[key], known.map({ Self.isSameKind($0, pinned) }) ?? false {
            value = known
        } else {
            switch pinned {
            case .string: value = (try? object.decode(String.self, forKey: codingKey)).map(PinnedValue.string)
            case .integer: value = (try? object.decode(Int.self, forKey: codingKey)).map(PinnedValue.integer)
            case .boolean: value = (try? object.decode(Bool.self, forKey: codingKey)).map(PinnedValue.boolean)
            }
            if value != nil { read[key] = value }
        }
        return value == pinned ? .equal : .different
    }

    private static func isSameKind(_ lhs: PinnedValue, _ rhs: PinnedValue) -> Bool {
        switch (lhs, rhs) {
        case (.string, .string), (.integer, .integer), (.boolean, .boolean): true
        default: false
        }
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
