import Foundation

/// Where each of a model's stored values goes in the JSON object the model encodes to.
///
/// A generated model writes the list as one string literal, a member per line, in the order it
/// declares its stored properties (in its storage class, or in a struct of a few values that
/// keeps them itself):
///
/// ```swift
/// static let members: ModelMembers = """
///     id
///     created_at read-only
///     parent writes-null
///     *
///     """
/// ```
///
/// - A line starts with the JSON key. In it, `%`, `"`, `\`, spaces and control characters are
///   percent-encoded (`%20`); the empty key is written `""`, and a key that is just `*` as `%2A`.
/// - `read-only` leaves the value out of request bodies: the server sets it, and a strict
///   server rejects a request that sends it back.
/// - `writes-null` writes a missing value as `null` rather than leaving the key out: a required
///   property that may be null, where absent and null mean different things to the server.
/// - `*` is a value whose own members go into the model's object: an embedded `oneOf`, or the
///   dictionary of other members beside the declared properties.
///
/// ``ModelStorage`` encodes the instance from this list, and a small struct's `encode(to:)` calls
/// `encodeStoredProperties(of:as:)` with it. A generated `encode(to:)` for every
/// model was a tenth of a client's machine code, and so was a list of `ModelMember` values built
/// by an array literal; one string literal costs the compiler nothing, is parsed once per model
/// type, and encoding a request body through reflection costs microseconds, which a network
/// round trip does not notice.
public struct ModelMembers: ExpressibleByStringLiteral, Sendable {
    /// The members, in order.
    public let members: [ModelMember]

    public init(_ members: [ModelMember]) {
        self.members = members
    }

    /// Parses the list; a malformed one is a bug in the template that wrote it.
    public init(stringLiteral list: String) {
        members = list.split(whereSeparator: \.isNewline).compactMap { line in
            let words = line.split(separator: " ")
            guard let first = words.first else { return nil }
            var member: ModelMember
            switch first {
            case "*": member = .sameObject
            case "\"\"": member = .key("")
            default:
                guard let key = String(first).removingPercentEncoding else {
                    preconditionFailure("Malformed percent-encoding in model member \(first)")
                }
                member = .key(key)
            }
            for flag in words.dropFirst() {
                switch flag {
                case "read-only": member.isReadOnly = true
                case "writes-null": member.writesNull = true
                default: preconditionFailure("Unknown model member option \(flag) in \(line)")
                }
            }
            return member
        }
    }
}

/// Where one stored value goes: under a key, or into the model's own object.
public struct ModelMember: Sendable, Equatable {
    /// The JSON key, or nil for a value encoded into the model's own object.
    public var key: String?
    /// Whether a missing value is written as `null` rather than left out.
    public var writesNull = false
    /// Whether the value is left out of request bodies.
    public var isReadOnly = false

    /// The value under `key`; a missing value is left out.
    public static func key(_ key: String) -> ModelMember {
        ModelMember(key: key)
    }

    /// A value whose own members go into the model's object.
    public static let sameObject = ModelMember(key: nil)
}

extension Encoder {
    /// Encodes `model`'s stored properties as `members` say, in order: the `encode(to:)` of a
    /// generated struct that keeps its few values in stored properties of its own.
    public func encodeStoredProperties(of model: Any, as members: ModelMembers) throws {
        try StoredValues.encode(model, members: members, to: self)
    }
}

extension StoredValues {
    /// Encodes the stored values of `storage` (a storage class instance, or a struct) as
    /// `members` say, in order.
    static func encode(_ storage: Any, members: ModelMembers, to encoder: any Encoder) throws {
        let members = members.members
        let values = Mirror(reflecting: storage).children
        guard values.count == members.count else {
            throw EncodingError.invalidValue(
                storage,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: """
                        \(type(of: storage)) has \(values.count) reflected values for \(members.count) members: \
                        generated models encode through reflection metadata, which this build leaves out \
                        (-disable-reflection-metadata, or Reflection Metadata Level: None).
                        """))
        }
        var container = encoder.container(keyedBy: StringCodingKey.self)
        let isRequestBody = encoder.isEncodingRequestBody
        for (member, stored) in zip(members, values) where !(member.isReadOnly && isRequestBody) {
            let value: Any?
            // An `Optional` casts to `StoredOptional` as itself, never unwrapped by the cast.
            if let optional = stored.value as? any StoredOptional {
                value = optional.wrapped
            } else {
                value = stored.value
            }
            guard let key = member.key.map(StringCodingKey.init(stringValue:)) else {
                if let members = value as? any ObjectMembers {
                    try members.encodeMembers(to: encoder)
                } else if let value = value as? any Encodable {
                    try value.encode(to: encoder)
                }
                continue
            }
            guard let value else {
                if member.writesNull { try container.encodeNil(forKey: key) }
                continue
            }
            guard let encodable = value as? any Encodable else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: encoder.codingPath + [key],
                        debugDescription: "\(type(of: value)) is not Encodable."))
            }
            try container.encode(encodable, forKey: key)
        }
    }
}

/// An `Optional` seen through `Any`: its value, if it has one.
private protocol StoredOptional {
    var wrapped: Any? { get }
}

extension Optional: StoredOptional {
    fileprivate var wrapped: Any? {
        switch self {
        case .some(let value): value
        case .none: nil
        }
    }
}

/// A dictionary of other members, written into the object beside the declared properties.
private protocol ObjectMembers {
    func encodeMembers(to encoder: any Encoder) throws
}

extension Dictionary: ObjectMembers where Key == String, Value: Encodable {
    fileprivate func encodeMembers(to encoder: any Encoder) throws {
        try encoder.encodeAdditionalProperties(self)
    }
}
