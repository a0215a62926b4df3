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
    /// The alternatives' shapes by offset; empty for a decoder made without them.
    private let shapes: [AlternativeShape?]
    /// Why each alternative did not fit, for the error when none does. Only that error names
    /// them: describing a type takes longer than decoding a small value, and most values decode
    /// as some alternative after others failed. Once one alternative decodes, the error cannot
    /// come, so a shape that rules the value out is not recorded.
    private var failures: [(alternative: TriedAlternative, error: any Error)] = []
    private var matches = 0
    /// What is known of the value's JSON kind: learned by asking for an object container only
    /// when an object alternative needs it, or from a scalar alternative that decoded.
    private var kind = ValueKind.unknown
    private var pinned = PinnedMembers()
    /// The offsets of the alternatives still to try, the next one last; nil until ``next()``
    /// first ranks them.
    private var pending: [Int]?

    private enum ValueKind {
        case unknown
        /// An object, with its members read once and handed to each alternative that decodes
        /// it. A class rather than the container itself: the standard library's container has
        /// no fixed layout outside it, so an enum holding one is copied and tested through its
        /// type's metadata, looked up at run time.
        case object(SharedObjectDecoder)
        /// A string, number, boolean, array or null.
        case notObject
    }

    public init(_ decoder: any Decoder) {
        self.decoder = decoder
        self.shapes = []
    }

    /// A decoder for a `oneOf` or `anyOf` whose alternatives are described by `shapes`, by
    /// offset (``AlternativeShape/scalar(_:)`` for a string, number or boolean; nil for any other
    /// alternative that is no object, or accepts any object). ``next()`` gives the offsets of
    /// the alternatives to try, in order, and ``decode(_:at:)`` decodes an alternative only
    /// when it is among them:
    ///
    /// - an object alternative is left out when the value is no object, lacks one of the
    ///   members the alternative requires, or has a pinned member with another value; a scalar
    ///   alternative is left out when the value is an object;
    /// - the others come most specific first: most pinned members matched, then most of the
    ///   alternative's members present, then in the spec's order.
    ///
    /// Nothing is read of the value until an alternative needs it: a Stripe field that is an ID
    /// or the object it names (`anyOf: [string, Customer]`) decodes its usual ID as a string and
    /// is done, without asking a string for the members of an object.
    public init(_ decoder: any Decoder, shapes: [AlternativeShape?]) {
        self.decoder = decoder
        self.shapes = shapes
    }

    /// The offset of the next alternative to try (see ``init(_:shapes:)``); nil when none is left.
    public mutating func next() -> Int? {
        if pending == nil { pending = rankedOffsets() }
        return pending?.popLast()
    }

    /// The offsets of the alternatives the value can be, the most specific last.
    private mutating func rankedOffsets() -> [Int] {
        var ranked: [(offset: Int, pins: Int, keys: Int)] = []
        // Object alternatives first: whether any fits tells whether the value is an object.
        for (offset, shape) in shapes.enumerated() {
            guard let shape, !shape.isScalar else { continue }
            switch fit(shape) {
            case .failure(let mismatch):
                failures.append((.shape(shape), mismatch))
            case .success(let pins):
                let object = objectContainer()!
                let keys =
                    shape.required.count
                    + shape.keys.reduce(0) { $0 + (object.contains(StringCodingKey(stringValue: $1)) ? 1 : 0) }
                ranked.append((offset, pins, keys))
            }
        }
        for (offset, shape) in shapes.enumerated() where shape == nil || shape!.isScalar {
            if let shape, case .object = kind {
                failures.append((.shape(shape), AlternativeMismatch.isAnObject))
            } else {
                ranked.append((offset, 0, 0))
            }
        }
        // Most specific first; a stable order for equals, the spec's.
        ranked.sort { lhs, rhs in
            if lhs.pins != rhs.pins { return lhs.pins > rhs.pins }
            if lhs.keys != rhs.keys { return lhs.keys > rhs.keys }
            return lhs.offset < rhs.offset
        }
        return ranked.reversed().map(\.offset)
    }

    /// Whether an object alternative's shape lets the value be one, and if so how many of its
    /// pinned members the value has.
    private mutating func fit(_ shape: AlternativeShape) -> Result<Int, AlternativeMismatch> {
        guard let object = objectContainer() else { return .failure(.notAnObject) }
        if let missing = shape.required.first(where: { !object.contains(StringCodingKey(stringValue: $0)) }) {
            return .failure(.missing(missing))
        }
        var pins = 0
        for pin in shape.pins {
            switch pinned.value(of: pin.key, as: pin.value, in: object) {
            case .absent: continue
            case .equal: pins += 1
            case .different: return .failure(.differs(pin.key, pin.value))
            }
        }
        for listed in shape.lists {
            guard let sample = listed.values.first, let value = pinned.value(of: listed.key, like: sample, in: object)
            else { continue }
            if listed.values.contains(value) {
                pins += 1
            } else if shapes.contains(where: { $0 !== shape && $0?.allows(value, for: listed.key) == true }) {
                return .failure(.notListed(listed.key, value))
            }
        }
        return .success(pins)
    }

    /// The value's members, or nil when it is no object; asked of the decoder once.
    private mutating func objectContainer() -> KeyedDecodingContainer<StringCodingKey>? {
        switch kind {
        case .object(let object):
            return object.object
        case .notObject:
            return nil
        case .unknown:
            guard let object = try? decoder.container(keyedBy: StringCodingKey.self) else {
                kind = .notObject
                return nil
            }
            kind = .object(SharedObjectDecoder(decoder, object: object))
            return object
        }
    }

    /// The value decoded as `type`, or nil (and the failure recorded) when it is not one.
    ///
    /// Inlinable, as are the other `decode` methods, so that each union's decoding calls its
    /// alternatives' own initializers rather than this module's generic code.
    @inlinable
    public mutating func decode<Value: Decodable>(_ type: Value.Type) -> Value? {
        decode(type, offset: nil)
    }

    /// The value decoded as the alternative at `offset` of the shapes given to
    /// ``init(_:shapes:)``, or nil when its shape rules the value out (the reason recorded) or
    /// it does not decode: how an `anyOf` struct, which keeps every alternative a value is,
    /// leaves out one whose pinned member has another value (`type: "audio/pcmu"` is no PCM
    /// format, though its `type` would decode into that format's open enum).
    @inlinable
    public mutating func decode<Value: Decodable>(_ type: Value.Type, at offset: Int) -> Value? {
        guard admits(offset, type) else { return nil }
        return decode(type, offset: offset)
    }

    /// The value decoded as `type`, the alternative at `offset` if it has one; counted when it
    /// decodes, its failure recorded when it does not.
    ///
    /// A `date` alternative reads only `YYYY-MM-DD`, not the date of a date-time as a `date`
    /// property does: in `oneOf: [date, date-time]` the text's form is what tells the two
    /// apart, and a date-time's time would be lost.
    @inlinable
    mutating func decode<Value: Decodable>(_ type: Value.Type, offset: Int?) -> Value? {
        do {
            let value =
                try Value.self == CalendarDate.self
                ? CalendarDate(exactly: source()) as! Value : source().decodeAlternative(Value.self)
            recordMatch(at: offset)
            return value
        } catch {
            recordFailure(of: type, error)
            return nil
        }
    }

    /// Counts an alternative that decoded; a scalar one (by `offset`) shows the value is no
    /// object.
    @usableFromInline
    mutating func recordMatch(at offset: Int?) {
        matches += 1
        if let offset, offset < shapes.count, shapes[offset]?.isScalar == true { kind = .notObject }
    }

    /// Keeps why the alternative of type `type` did not decode, for the error if none does.
    @usableFromInline
    mutating func recordFailure(of type: Any.Type, _ error: any Error) {
        failures.append((.type(type), error))
    }

    /// The decoder an alternative decodes from: the one given, or, once a shape has been
    /// checked against the value's members, one that hands the alternative that container
    /// rather than have the coder collect the object's members a second time.
    @usableFromInline
    func source() -> any Decoder {
        guard case .object(let object) = kind else { return decoder }
        return object
    }

    /// Whether the alternative at `offset` can be the value, as its shape says; the reason
    /// recorded when it cannot and nothing has matched yet.
    @usableFromInline
    mutating func admits(_ offset: Int, _ type: Any.Type) -> Bool {
        guard offset < shapes.count, let shape = shapes[offset] else { return true }
        if shape.isScalar {
            guard case .object = kind else { return true }
            if matches == 0 { failures.append((.type(type), AlternativeMismatch.isAnObject)) }
            return false
        }
        // A scalar decoded: no object alternative can match, and none is needed for the error.
        if case .notObject = kind, matches > 0 { return false }
        guard case .failure(let mismatch) = fit(shape) else { return true }
        if matches == 0 { failures.append((.shape(shape), mismatch)) }
        return false
    }

    /// The alternative `make` makes from a value of its type (an enum case: `Self.user`),
    /// decoded; nil (and the failure recorded) when the value is not one.
    @inlinable
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

/// What an object alternative of a `oneOf` or `anyOf` needs of a JSON object, or that an
/// alternative is a scalar (``scalar(_:)``), so that ``AlternativeDecoder`` knows which
/// alternatives a value can be before decoding them.
///
/// A class, so that looking at a union's shapes while decoding one of its values retains one
/// reference per shape rather than each of its lists and names.
public final class AlternativeShape: Sendable {
    /// The alternative's type, for error messages.
    public let typeName: String
    /// Whether the alternative is a string, number or boolean (``scalar(_:)``) rather than an object.
    public let isScalar: Bool
    /// Members the alternative cannot be decoded without.
    public let required: [String]
    /// Members with one allowed value (`type: {const: user}`, `deleted: {enum: [true]}`): a
    /// value where one has another is not this alternative.
    public let pins: [(key: String, value: PinnedValue)]
    /// Members with several allowed values that other alternatives list or pin too (Adyen's
    /// payment methods, each with an optional `type` of its own values: `ach`, `ach_plaid`):
    /// a value this alternative lists counts as a pinned member that matched; one another
    /// alternative allows rules this one out; one no alternative knows rules out none.
    public let lists: [(key: String, values: [PinnedValue])]
    /// The alternative's other members: of two alternatives that both fit, the one more of
    /// whose members the value has is tried first.
    public let keys: [String]

    public init<Alternative>(
        _ type: Alternative.Type, requires required: [String] = [], pins: KeyValuePairs<String, PinnedValue> = [:],
        lists: KeyValuePairs<String, [PinnedValue]> = [:], keys: [String] = []
    ) {
        typeName = String(describing: type)
        isScalar = false
        self.required = required
        self.pins = pins.map { ($0.key, $0.value) }
        self.lists = lists.map { ($0.key, $0.value) }
        self.keys = keys
    }

    /// Whether the alternative pins or lists `value` for the member `key`.
    func allows(_ value: PinnedValue, for key: String) -> Bool {
        pins.contains { $0.key == key && $0.value == value }
            || lists.contains { $0.key == key && $0.values.contains(value) }
    }

    /// A string, number or boolean alternative of type `type` (an enum of them included): it
    /// never decodes from an object, and once it has decoded the value is known to be no
    /// object, so no object alternative is looked at.
    public static func scalar<Alternative>(_ type: Alternative.Type) -> AlternativeShape {
        AlternativeShape(scalar: type)
    }

    private init<Alternative>(scalar type: Alternative.Type) {
        typeName = String(describing: type)
        isScalar = true
        required = []
        pins = []
        lists = []
        keys = []
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
    case isAnObject
    case missing(String)
    case differs(String, PinnedValue)
    case notListed(String, PinnedValue)

    var reason: String {
        switch self {
        case .notAnObject: "the value is not an object"
        case .isAnObject: "the value is an object"
        case .missing(let key): "no member `\(key)`"
        case .differs(let key, let value): "`\(key)` is not \(value)"
        case .notListed(let key, let value): "`\(key)` is \(value), which another alternative lists"
        }
    }
}

/// The values of an object's pinned members, each read once however many alternatives pin it.
private struct PinnedMembers {
    enum Comparison { case absent, equal, different }

    /// The members read so far: alternatives mostly pin the same one or two (`type`,
    /// `object`), so a short list searched in turn; past ``limit`` members a value is read
    /// again when asked for, so that no value makes a lookup long.
    private var read: [(key: String, value: PinnedValue)] = []
    private static let limit = 16

    /// How the member `key` compares with `pinned`: absent, equal, or another value (of another
    /// type, or null, included).
    mutating func value(
        of key: String, as pinned: PinnedValue, in object: KeyedDecodingContainer<StringCodingKey>
    ) -> Comparison {
        let codingKey = StringCodingKey(stringValue: key)
        guard object.contains(codingKey) else { return .absent }
        return value(of: key, like: pinned, in: object) == pinned ? .equal : .different
    }

    /// The member `key` read as a value of the kind of `sample` (a string, an integer, a
    /// boolean); nil when it is absent or of another kind.
    mutating func value(
        of key: String, like sample: PinnedValue, in object: KeyedDecodingContainer<StringCodingKey>
    ) -> PinnedValue? {
        if let known = read.first(where: { $0.key == key && Self.isSameKind($0.value, sample) }) {
            return known.value
        }
        let codingKey = StringCodingKey(stringValue: key)
        let value: PinnedValue?
        switch sample {
        case .string:
            value = (try? object.decodeIfPresent(String.self, forKey: codingKey)).flatMap { $0 }.map(PinnedValue.string)
        case .integer:
            value = (try? object.decodeIfPresent(Int.self, forKey: codingKey)).flatMap { $0 }.map(PinnedValue.integer)
        case .boolean:
            value = (try? object.decodeIfPresent(Bool.self, forKey: codingKey)).flatMap { $0 }.map(PinnedValue.boolean)
        }
        if let value, read.count < Self.limit { read.append((key, value)) }
        return value
    }

    private static func isSameKind(_ lhs: PinnedValue, _ rhs: PinnedValue) -> Bool {
        switch (lhs, rhs) {
        case (.string, .string), (.integer, .integer), (.boolean, .boolean): true
        default: false
        }
    }
}

extension Decoder {
    /// The string value of a `oneOf`'s discriminator property, which names the alternative;
    /// the empty string, which names none, when the object lacks the property or it is `null`.
    ///
    /// A spec may let an alternative leave its tag out (OpenAI's item reference, whose `type` is
    /// optional and nullable): such a value is the union's `unknown` case, kept as it came,
    /// rather than an error that fails the whole response around it. A value that is no object
    /// is still an error.
    public func discriminator(_ propertyName: String) throws -> String {
        let container = try container(keyedBy: StringCodingKey.self)
        return try container.decodeIfPresent(String.self, forKey: StringCodingKey(stringValue: propertyName)) ?? ""
    }

    /// The integer value of the property a `oneOf`'s alternatives are told apart by, for
    /// unions tagged with numbers (Discord's `type: 2` for a button); `Int.min`, which names
    /// none, when the object lacks the property or it is `null` (see ``discriminator(_:)``).
    public func integerDiscriminator(_ propertyName: String) throws -> Int {
        let container = try container(keyedBy: StringCodingKey.self)
        return try container.decodeIfPresent(Int.self, forKey: StringCodingKey(stringValue: propertyName)) ?? .min
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

/// The decoder of a value whose keyed container ``AlternativeDecoder`` has made already, to
/// check an alternative's shape: it hands that container to the alternative, which would
/// otherwise have the coder collect the object's members a second time. Everything else is
/// the underlying decoder's.
private final class SharedObjectDecoder: Decoder {
    private let base: any Decoder
    let object: KeyedDecodingContainer<StringCodingKey>

    init(_ base: any Decoder, object: KeyedDecodingContainer<StringCodingKey>) {
        self.base = base
        self.object = object
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if Key.self == StringCodingKey.self {
            return unsafeBitCast(object, to: KeyedDecodingContainer<Key>.self)
        }
        return try base.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try base.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }
}
