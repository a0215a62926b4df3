/// An object's members beyond its declared properties, for a schema with both `properties`
/// and a typed `additionalProperties` (`{"id": 1, "en": "Hello", "fr": "Bonjour"}`).
///
/// The generated struct decodes its properties by their coding keys as usual and keeps every
/// other member, decoded as the additional type, in a dictionary; encoding writes both into
/// the one object.
extension Decoder {
    /// The members whose names are not among the declared `keys`, each decoded as `Value`.
    public func additionalProperties<Value: Decodable>(excluding known: Set<String>) throws -> [String: Value] {
        try ModelDecodingContainer(self).otherMembers(excluding: known)
    }
}

extension ModelDecodingContainer {
    /// The members whose names are not among the declared `keys`, each decoded as `Value`, read
    /// from this container: a model that decodes declared properties too reads its object's
    /// keys once, where asking the decoder for another container made the decoder read them
    /// all again.
    @inlinable
    public func otherMembers<Value: Decodable>(excluding known: Set<String>) throws -> [String: Value] {
        var members: [String: Value] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            members[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return members
    }
}

extension Encoder {
    /// Writes `members` into the object the declared properties are written to.
    public func encodeAdditionalProperties<Value: Encodable>(_ members: [String: Value]) throws {
        var container = container(keyedBy: StringCodingKey.self)
        for (name, value) in members {
            try container.encode(value, forKey: StringCodingKey(stringValue: name))
        }
    }
}
