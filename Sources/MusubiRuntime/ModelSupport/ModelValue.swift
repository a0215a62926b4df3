import Foundation

/// A generated model: `Codable`, `Hashable` and `Sendable`, with `==`, `hash(into:)` and
/// `encode(to:)` all made from the one function each model declares,
/// ``visitValues(_:_:with:)``.
///
/// A model lists its stored values once, each beside the same value of a second instance and
/// with where it goes in the JSON object:
///
/// ```swift
/// public static func visitValues<Visitor: ModelVisitor>(
///     _ lhs: Self, _ rhs: Self, with visitor: inout Visitor
/// ) {
///     visitor.value(lhs.id, rhs.id, key: "id")
///     visitor.optional(lhs.tag, rhs.tag, key: "tag")
/// }
/// ```
///
/// and the visitors below compare (``EqualityVisitor``), hash (``HashingVisitor``) and encode
/// (``EncodingVisitor``) by it. One function of one statement per value costs the compiler a
/// third of what an `==`, a `hash(into:)` and an `encode(to:)` for each model would, and no
/// model declares an operator of its own (the compiler would look through every model's `==`
/// for each `Equatable` conformance of the module). Nothing is reflected: a build without
/// reflection metadata compares, hashes and encodes models as any other.
///
/// In an optimized build each model's conformances specialize the visitors for the model, so
/// the generic visiting costs nothing at run time: the default implementations are
/// `@inlinable`, and `==` reaches the model's specialized ``hasEqualValues(_:)`` through the
/// conformance even when called from another module.
public protocol ModelValue: Codable, Hashable, Sendable {
    /// Calls `visitor` with each stored value of `lhs` beside the same value of `rhs`, in the
    /// order the model declares them, with the JSON key each is encoded under.
    static func visitValues<Visitor: ModelVisitor>(_ lhs: Self, _ rhs: Self, with visitor: inout Visitor)

    /// Whether each stored value equals `other`'s: the model's `==`. Models use the default
    /// implementation.
    func hasEqualValues(_ other: Self) -> Bool
}

extension ModelValue {
    @inlinable
    public func hasEqualValues(_ other: Self) -> Bool {
        var visitor = EqualityVisitor()
        Self.visitValues(self, other, with: &visitor)
        return visitor.isEqual
    }

    /// Compares the stored values one by one, as a synthesized `==` does.
    ///
    /// Not inlined into the caller: it calls ``hasEqualValues(_:)`` through the model's
    /// conformance, which the model's own module compiled for the model. Read-only to the
    /// optimizer, as the standard library's string comparison is: a caller that cannot tell
    /// copies every element of an array of models, retaining and releasing its text, before
    /// comparing it.
    @_effects(readonly)
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hasEqualValues(rhs)
    }

    /// Hashes the stored values one by one, as a synthesized `hash(into:)` does, into the
    /// caller's hasher itself: the visitor reaches it through a pointer, because copying the
    /// 72-byte `Hasher` into every nested model's visitor and back costs as much as hashing a
    /// small model's values.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        withUnsafeMutablePointer(to: &hasher) { hasher in
            var visitor = HashingVisitor(hasher)
            Self.visitValues(self, self, with: &visitor)
        }
    }

    /// Encodes the stored values into one JSON object, each under its key (see
    /// ``ModelVisitor``).
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var visitor = EncodingVisitor(encoder)
        Self.visitValues(self, self, with: &visitor)
        if let failure = visitor.failure { throw failure }
    }
}

/// How a model's value is encoded, beyond its key.
public struct ModelKeyOptions: OptionSet, Sendable {
    public let rawValue: UInt8

    @inlinable
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Set by the server only: left out of request bodies. A strict server rejects a request
    /// that sends it back, which would otherwise happen to every value fetched, changed and sent.
    public static let readOnly = ModelKeyOptions(rawValue: 1)
    /// A missing value is written as `null` rather than left out: a required property that may
    /// be null, where absent and null mean different things to the server.
    public static let writesNull = ModelKeyOptions(rawValue: 2)
    /// Set by the server, yet required: left out of a request body's own object (the server
    /// sets it on what is created), sent in an object inside one, which it names (PagerDuty
    /// marks the `id` of every reference read-only, and a new incident names its service so).
    public static let readOnlyAtTop = ModelKeyOptions(rawValue: 4)
}

/// What a model's ``ModelValue/visitValues(_:_:with:)`` calls for each stored value: the value
/// of each of two instances of the model, and where the value goes in the model's JSON object.
///
/// Visiting never throws. A visitor that can fail, as ``EncodingVisitor`` can, keeps its first
/// error and does nothing more; whoever visits asks for it afterwards. A model's `visitValues`
/// then has no error path to leave after each value, which makes it about a third smaller to
/// compile in a debug build.
public protocol ModelVisitor {
    /// A value under `key`.
    mutating func value<Value: Hashable & Encodable>(
        _ lhs: Value, _ rhs: Value, key: String, options: ModelKeyOptions
    )

    /// An optional value under `key`: a missing one is left out (or written as `null` with
    /// ``ModelKeyOptions/writesNull``).
    mutating func optional<Value: Hashable & Encodable>(
        _ lhs: Value?, _ rhs: Value?, key: String, options: ModelKeyOptions
    )

    /// An optional value that may be `null`, in its three states under `key`: a missing one
    /// is left out, ``Nullable/null`` is written as `null`.
    mutating func nullable<Value: Hashable & Encodable>(
        _ lhs: Nullable<Value>?, _ rhs: Nullable<Value>?, key: String, options: ModelKeyOptions
    )

    /// A value whose own members go into the model's object: an embedded `oneOf` or `anyOf`.
    mutating func members<Value: Hashable & Encodable>(_ lhs: Value, _ rhs: Value)

    /// One alternative of an `anyOf`, in the order the spec lists them: an optional value
    /// under `key` to the visitors that do not say otherwise.
    mutating func alternative<Value: Hashable & Encodable>(_ lhs: Value?, _ rhs: Value?, key: String)

    /// The object's members beside the declared properties, each under its own name.
    mutating func otherMembers<Value: Hashable & Encodable>(
        _ lhs: [String: Value], _ rhs: [String: Value]
    )

    /// Whether the visit ends before the first value because `lhs` and `rhs` keep their values
    /// in one storage instance, so that each value of one is the same as the other's: a model
    /// whose copies share a storage class asks first. Only a visitor that compares the two can
    /// end there (one instance holds equal values); the default is `false`, as a visitor that
    /// hashes or encodes is given the same instance twice and needs every value.
    mutating func skipsValues(sharedBy lhs: AnyObject, _ rhs: AnyObject) -> Bool
}

extension ModelVisitor {
    @inlinable
    public mutating func skipsValues(sharedBy lhs: AnyObject, _ rhs: AnyObject) -> Bool {
        false
    }

    /// A value under `key`, encoded as given.
    @inlinable
    public mutating func value<Value: Hashable & Encodable>(_ lhs: Value, _ rhs: Value, key: String) {
        value(lhs, rhs, key: key, options: [])
    }

    /// An optional value under `key`, left out when missing.
    @inlinable
    public mutating func optional<Value: Hashable & Encodable>(_ lhs: Value?, _ rhs: Value?, key: String) {
        optional(lhs, rhs, key: key, options: [])
    }

    /// An alternative of an `anyOf`: an optional value under `key`.
    @inlinable
    public mutating func alternative<Value: Hashable & Encodable>(_ lhs: Value?, _ rhs: Value?, key: String) {
        optional(lhs, rhs, key: key, options: [])
    }

    /// An optional value under `key` in its three states, left out when missing.
    @inlinable
    public mutating func nullable<Value: Hashable & Encodable>(
        _ lhs: Nullable<Value>?, _ rhs: Nullable<Value>?, key: String
    ) {
        nullable(lhs, rhs, key: key, options: [])
    }
}

/// Compares two instances value by value; after the first difference it compares no more.
public struct EqualityVisitor: ModelVisitor {
    /// Whether every value visited so far was equal.
    public var isEqual = true

    @inlinable
    public init() {}

    @inlinable
    public mutating func value<Value: Hashable & Encodable>(
        _ lhs: Value, _ rhs: Value, key: String, options: ModelKeyOptions
    ) {
        if isEqual && lhs != rhs { isEqual = false }
    }

    @inlinable
    public mutating func optional<Value: Hashable & Encodable>(
        _ lhs: Value?, _ rhs: Value?, key: String, options: ModelKeyOptions
    ) {
        if isEqual && lhs != rhs { isEqual = false }
    }

    @inlinable
    public mutating func nullable<Value: Hashable & Encodable>(
        _ lhs: Nullable<Value>?, _ rhs: Nullable<Value>?, key: String, options: ModelKeyOptions
    ) {
        guard isEqual else { return }
        // Compared in place, one side at a time: `!=` of the optionals, or a switch over the
        // pair, copies both values into a tuple through generic value witnesses.
        switch lhs {
        case nil:
            if rhs != nil { isEqual = false }
        case .null?:
            if case .null? = rhs {} else { isEqual = false }
        case .value(let left)?:
            if case .value(let right)? = rhs, left == right {} else { isEqual = false }
        }
    }

    @inlinable
    public mutating func members<Value: Hashable & Encodable>(_ lhs: Value, _ rhs: Value) {
        if isEqual && lhs != rhs { isEqual = false }
    }

    @inlinable
    public mutating func otherMembers<Value: Hashable & Encodable>(_ lhs: [String: Value], _ rhs: [String: Value]) {
        if isEqual && lhs != rhs { isEqual = false }
    }

    /// Two copies of a model that share their storage are equal, as two arrays that share their
    /// buffer are: without comparing a value.
    @inlinable
    public mutating func skipsValues(sharedBy lhs: AnyObject, _ rhs: AnyObject) -> Bool {
        lhs === rhs
    }
}

/// Feeds each value of the first instance to a hasher, as a synthesized `hash(into:)` does.
public struct HashingVisitor: ModelVisitor {
    /// The hasher each value visited is combined into; it must outlive the visitor, as
    /// `withUnsafeMutablePointer(to: &hasher)` ensures around a visit.
    public let hasher: UnsafeMutablePointer<Hasher>
    /// Whether an `anyOf`'s alternative that is set has been hashed.
    @usableFromInline
    var hasHashedAlternative = false

    @inlinable
    public init(_ hasher: UnsafeMutablePointer<Hasher>) {
        self.hasher = hasher
    }

    /// Only the first alternative that is set: two `anyOf` values that are equal have every
    /// alternative equal, so the first alike, and a value that is several alternatives (a
    /// Stripe payment method's options, its own and those every method shares) is hashed
    /// once rather than once per alternative.
    @inlinable
    public mutating func alternative<Value: Hashable & Encodable>(_ lhs: Value?, _ rhs: Value?, key: String) {
        guard !hasHashedAlternative, let lhs else { return }
        hasHashedAlternative = true
        hasher.pointee.combine(lhs)
    }

    @inlinable
    public mutating func value<Value: Hashable & Encodable>(
        _ lhs: Value, _ rhs: Value, key: String, options: ModelKeyOptions
    ) {
        hasher.pointee.combine(lhs)
    }

    @inlinable
    public mutating func optional<Value: Hashable & Encodable>(
        _ lhs: Value?, _ rhs: Value?, key: String, options: ModelKeyOptions
    ) {
        hasher.pointee.combine(lhs)
    }

    @inlinable
    public mutating func nullable<Value: Hashable & Encodable>(
        _ lhs: Nullable<Value>?, _ rhs: Nullable<Value>?, key: String, options: ModelKeyOptions
    ) {
        // One mark for the three states, as many as an optional's: hashing the optional and
        // then the `Nullable` would mix in two.
        switch lhs {
        case nil: hasher.pointee.combine(UInt8(0))
        case .null?: hasher.pointee.combine(UInt8(1))
        case .value(let value)?:
            hasher.pointee.combine(UInt8(2))
            hasher.pointee.combine(value)
        }
    }

    @inlinable
    public mutating func members<Value: Hashable & Encodable>(_ lhs: Value, _ rhs: Value) {
        hasher.pointee.combine(lhs)
    }

    @inlinable
    public mutating func otherMembers<Value: Hashable & Encodable>(_ lhs: [String: Value], _ rhs: [String: Value]) {
        hasher.pointee.combine(lhs)
    }
}

/// Encodes each value of the first instance into the model's JSON object, under its key.
///
/// A `String`, `Bool` or number goes to the container's method for its type, as synthesized
/// `encode(to:)` calls it: `JSONEncoder` writes such a value at once, where the generic method
/// first tries the value as each type it encodes specially, then encodes it through a nested
/// encoder. A `URL` is written as its `absoluteString`, which is what `JSONEncoder` writes for
/// it, and what ``ModelDecodingContainer`` reads back from any decoder; a ``URLText`` as its
/// text. The choice is made on the value's type, which the optimizer decides while it
/// specializes a model's `encode(to:)`, so that each value costs one call.
public struct EncodingVisitor: ModelVisitor {
    /// The encoder the model encodes to.
    public let encoder: any Encoder
    /// The model's object.
    public var container: KeyedEncodingContainer<StringCodingKey>
    /// The first error encoding a value threw; once there is one, nothing more is encoded, and
    /// the model's `encode(to:)` throws it.
    public var failure: (any Error)?
    /// Whether the model is encoded into a request body, which leaves read-only values out;
    /// nil until a read-only value asks, so that a model without one never looks it up.
    @usableFromInline
    var isRequestBody: Bool?

    @inlinable
    public init(_ encoder: any Encoder) {
        self.encoder = encoder
        container = encoder.container(keyedBy: StringCodingKey.self)
    }

    @inlinable
    public mutating func value<Value: Hashable & Encodable>(
        _ lhs: Value, _ rhs: Value, key: String, options: ModelKeyOptions
    ) {
        if failure != nil || leavesOut(options) { return }
        do {
            try encode(lhs, forKey: StringCodingKey(stringValue: key))
        } catch {
            failure = error
        }
    }

    @inlinable
    public mutating func optional<Value: Hashable & Encodable>(
        _ lhs: Value?, _ rhs: Value?, key: String, options: ModelKeyOptions
    ) {
        if failure != nil || leavesOut(options) { return }
        do {
            if let lhs {
                try encode(lhs, forKey: StringCodingKey(stringValue: key))
            } else if options.contains(.writesNull) {
                try container.encodeNil(forKey: StringCodingKey(stringValue: key))
            }
        } catch {
            failure = error
        }
    }

    /// Writes a ``Nullable/null`` as `null` and a value as ``value(_:_:key:options:)`` does,
    /// so that a string or a number goes to the container's own method for its type.
    @inlinable
    public mutating func nullable<Value: Hashable & Encodable>(
        _ lhs: Nullable<Value>?, _ rhs: Nullable<Value>?, key: String, options: ModelKeyOptions
    ) {
        if failure != nil || lhs == nil || leavesOut(options) { return }
        do {
            switch lhs {
            case .value(let value)?: try encode(value, forKey: StringCodingKey(stringValue: key))
            case .null?, nil: try container.encodeNil(forKey: StringCodingKey(stringValue: key))
            }
        } catch {
            failure = error
        }
    }

    @inlinable
    public mutating func members<Value: Hashable & Encodable>(_ lhs: Value, _ rhs: Value) {
        if failure != nil { return }
        do {
            try lhs.encode(to: encoder)
        } catch {
            failure = error
        }
    }

    @inlinable
    public mutating func otherMembers<Value: Hashable & Encodable>(
        _ lhs: [String: Value], _ rhs: [String: Value]
    ) {
        if failure != nil { return }
        do {
            for (name, value) in lhs {
                try encode(value, forKey: StringCodingKey(stringValue: name))
            }
        } catch {
            failure = error
        }
    }

    /// Whether a value with `options` stays out of what is encoded: a read-only one, in a
    /// request body; a required read-only one (``ModelKeyOptions/readOnlyAtTop``), in the
    /// body's own object or the objects of a body that is a list of them.
    @inlinable
    mutating func leavesOut(_ options: ModelKeyOptions) -> Bool {
        guard options.contains(.readOnly) || options.contains(.readOnlyAtTop) else { return false }
        let inBody: Bool
        if let isRequestBody {
            inBody = isRequestBody
        } else {
            inBody = encoder.isEncodingRequestBody
            isRequestBody = inBody
        }
        guard inBody else { return false }
        return options.contains(.readOnly) || encoder.codingPath.allSatisfy { $0.intValue != nil }
    }

    /// Encodes `value` under `key` by the container's method for its type; a `URL` as its
    /// text, a `UUID` in lowercase (see ``Foundation/UUID/lowercasedText``), a calendar date and
    /// an open enum of strings as their text.
    @inlinable
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: StringCodingKey) throws {
        if Value.self == String.self {
            try container.encode(value as! String, forKey: key)
        } else if Value.self == Int.self {
            try container.encode(value as! Int, forKey: key)
        } else if Value.self == Bool.self {
            try container.encode(value as! Bool, forKey: key)
        } else if Value.self == Double.self {
            try container.encode(value as! Double, forKey: key)
        } else if Value.self == Int64.self {
            try container.encode(value as! Int64, forKey: key)
        } else if Value.self == Int32.self {
            try container.encode(value as! Int32, forKey: key)
        } else if Value.self == Float.self {
            try container.encode(value as! Float, forKey: key)
        } else if Value.self == URLText.self {
            try container.encode((value as! URLText).text, forKey: key)
        } else if Value.self == URL.self {
            try container.encode((value as! URL).absoluteString, forKey: key)
        } else if Value.self == UUID.self {
            try container.encode((value as! UUID).lowercasedText, forKey: key)
        } else if Value.self == [UUID].self {
            try container.encode((value as! [UUID]).map(\.lowercasedText), forKey: key)
        } else if Value.self == CalendarDate.self {
            try container.encode((value as! CalendarDate).description, forKey: key)
        } else if let openEnum = value as? any OpenEnum, let text = stringRawValue(of: openEnum) {
            // The raw text, as the enum's own `encode(to:)` writes it, without the nested
            // encoder the container would make for it.
            try container.encode(text, forKey: key)
        } else {
            try container.encode(value, forKey: key)
        }
    }
}

/// The raw value of an open enum of strings; nil for one of numbers.
@inlinable
func stringRawValue<Enum: OpenEnum>(of value: Enum) -> String? {
    Enum.RawValue.self == String.self ? (value.rawValue as! String) : nil
}

extension Mirror {
    /// The mirror of a model that keeps its values in an instance of a storage class: the model
    /// as a struct whose children are the stored properties of `values`, that instance, labeled
    /// with the properties' names, so that `print` and `dump` show what they show for a struct
    /// with stored properties.
    public init<Model>(model: Model, values: AnyObject) {
        self.init(model, children: Mirror(reflecting: values).children, displayStyle: .struct)
    }
}
