import Foundation

/// The `Encoder` that turns any `Encodable` value into a `ParameterNode`: for parameters, and
/// for the fields of form and multipart bodies.
///
/// This is how a generated model becomes an object parameter (Stripe's
/// `created[gte]=1700000000`) or a form's fields: through the `encode(to:)` it already has for
/// JSON, so they add no generated code and no compile time. Keyed containers become objects,
/// unkeyed ones arrays, single values primitives; `nil` members are left out, and a key written
/// twice (an `allOf` whose parts share a property) keeps its first place and its last value,
/// as in JSON.
enum ParameterEncoding {
    /// The tree of a parameter's value, or `nil` when it encodes nothing.
    static func node<Value: Encodable>(for value: Value) throws -> ParameterNode? {
        let slot = Slot(isRequestBody: false)
        try slot.store(value, codingPath: [])
        return slot.node
    }

    /// The encoded body, for a form or multipart body: its members and their elements keep the
    /// value they were given (`original`), for fields that travel as JSON.
    ///
    /// A body differs from a parameter in three ways: the encoder tells generated models it
    /// writes a request body (they leave read-only properties out), `FileUpload` and `Data`
    /// stay bytes (`ParameterNode.file`), and each value is kept as given.
    static func body<Value: Encodable>(_ value: Value) throws -> Slot {
        let slot = Slot(isRequestBody: true)
        try slot.store(value, codingPath: [])
        return slot
    }

    /// One place a value is encoded into, filled by whichever container the value asks for.
    /// A class because containers hand out nested slots that are filled after they are linked.
    final class Slot {
        fileprivate enum Content {
            case none
            case primitive(String)
            indirect case file(FileUpload)
            case array([Slot])
            case object([(name: String, slot: Slot)])
        }

        fileprivate var content = Content.none
        fileprivate let isRequestBody: Bool
        /// The value as given, in a request body (`nil` for a parameter, or for a value written
        /// through a nested container rather than given whole).
        private(set) var original: (any Encodable)?

        fileprivate init(isRequestBody: Bool) {
            self.isRequestBody = isRequestBody
        }

        var node: ParameterNode? {
            switch content {
            case .none: nil
            case .primitive(let text): .primitive(text)
            case .file(let upload): .file(upload)
            case .array(let slots): .array(slots.compactMap(\.node))
            case .object(let members):
                .object(members.compactMap { name, slot in slot.node.map { .init(name: name, value: $0) } })
            }
        }

        /// An object's members, in order; none for anything else.
        var members: [(name: String, slot: Slot)] {
            if case .object(let members) = content { return members }
            return []
        }

        /// An array's elements, in order; none for anything else.
        var elements: [Slot] {
            if case .array(let elements) = content { return elements }
            return []
        }

        fileprivate func store<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
            if isRequestBody {
                original = value
                if let upload = value as? FileUpload {
                    content = .file(upload)
                    return
                }
                if let data = value as? Data {
                    content = .file(.data(data))
                    return
                }
            }
            if let scalar = value as? any ParameterValue {
                content = .primitive(scalar.parameterValue)
            } else if let dictionary = value as? any StringKeyedDictionary {
                // Sorted, so a dictionary is the same request every time.
                content = .object([])
                for (key, member) in dictionary.sortedMembers {
                    try appendMember(key).storeExistential(member, codingPath: codingPath)
                }
            } else {
                try value.encode(to: ParameterEncoder(slot: self, codingPath: codingPath))
            }
        }

        private func storeExistential(_ value: any Encodable, codingPath: [any CodingKey]) throws {
            try store(value, codingPath: codingPath)
        }

        fileprivate func appendMember(_ name: String) -> Slot {
            guard case .object(var members) = content else {
                let slot = Slot(isRequestBody: isRequestBody)
                content = .object([(name, slot)])
                return slot
            }
            if let existing = members.first(where: { $0.name == name }) { return existing.slot }
            let slot = Slot(isRequestBody: isRequestBody)
            members.append((name, slot))
            content = .object(members)
            return slot
        }

        fileprivate func appendElement() -> Slot {
            let slot = Slot(isRequestBody: isRequestBody)
            if case .array(var elements) = content {
                elements.append(slot)
                content = .array(elements)
            } else {
                content = .array([slot])
            }
            return slot
        }
    }

    fileprivate struct ParameterEncoder: Encoder {
        let slot: Slot
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { slot.isRequestBody ? [.isRequestBody: true] : [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = slot.content {} else { slot.content = .object([]) }
            return KeyedEncodingContainer(KeyedContainer(slot: slot, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = slot.content {} else { slot.content = .array([]) }
            return UnkeyedContainer(slot: slot, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(slot: slot, codingPath: codingPath)
        }
    }
    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {}

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try slot.appendMember(key.stringValue).store(value, codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            nestedEncoder(for: key).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            nestedEncoder(for: key).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            ParameterEncoder(slot: slot, codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            nestedEncoder(for: key)
        }

        private func nestedEncoder(for key: Key) -> ParameterEncoder {
            ParameterEncoder(
                slot: slot.appendMember(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]
        private(set) var count = 0

        init(slot: Slot, codingPath: [any CodingKey]) {
            self.slot = slot
            self.codingPath = codingPath
        }

        mutating func encodeNil() throws {}

        mutating func encode<T: Encodable>(_ value: T) throws {
            try nextEncoder().slot.store(value, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            nextEncoder().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            nextEncoder().unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            nextEncoder()
        }

        private mutating func nextEncoder() -> ParameterEncoder {
            count += 1
            return ParameterEncoder(slot: slot.appendElement(), codingPath: codingPath)
        }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let slot: Slot
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {
            slot.content = .none
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try slot.store(value, codingPath: codingPath)
        }
    }
}

/// A dictionary with string keys, recognised at run time so its members can be sorted.
private protocol StringKeyedDictionary {
    var sortedMembers: [(String, any Encodable)] { get }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Encodable {
    fileprivate var sortedMembers: [(String, any Encodable)] {
        sorted { $0.key < $1.key }.map { ($0.key, $0.value as any Encodable) }
    }
}
