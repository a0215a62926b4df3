/// Turns a client-model value into the dictionaries, arrays, strings and booleans Mustache
/// renders.
///
/// swift-mustache can look values up by reflection, but it reflects the object again for every
/// `{{name}}` it meets; with thousands of declarations that was three quarters of the time to
/// generate a big spec. The model is `Encodable`, so its compiled encoding code turns it into
/// plain containers once, and every lookup is then a dictionary lookup. No list of field names
/// exists here that could drift from the model.
enum TemplateContext {
    static func make(_ value: some Encodable) -> Any {
        let encoder = TreeEncoder()
        // Encoding into in-memory containers cannot fail for the model's types (strings,
        // booleans, integers, arrays and structs of them).
        try? value.encode(to: encoder)
        return encoder.storage.value
    }
}

/// A node being built: a reference, so nested containers can fill it after being handed out.
private final class TreeNode {
    enum Kind { case empty, value, keyed, unkeyed }

    var kind = Kind.empty
    var scalar: Any = ""
    var keyed: [String: TreeNode] = [:]
    var unkeyed: [TreeNode] = []

    var value: Any {
        switch kind {
        case .empty: return [String: Any]()
        case .value: return scalar
        case .keyed: return keyed.mapValues(\.value)
        case .unkeyed: return unkeyed.map(\.value)
        }
    }

    func set(_ value: Any) {
        kind = .value
        scalar = value
    }
}

private struct TreeEncoder: Encoder {
    var storage = TreeNode()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        storage.kind = .keyed
        return KeyedEncodingContainer(KeyedContainer<Key>(node: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.kind = .unkeyed
        return UnkeyedContainer(node: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: storage)
    }
}

/// Encodes `value` into `node`: scalars directly, anything else through a nested encoder.
private func encode(_ value: some Encodable, into node: TreeNode) throws {
    switch value {
    case let text as String: node.set(text)
    case let flag as Bool: node.set(flag)
    case let number as Int: node.set(number)
    default: try value.encode(to: TreeEncoder(storage: node))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TreeNode
    var codingPath: [any CodingKey] { [] }

    private func child(_ key: Key) -> TreeNode {
        let child = TreeNode()
        node.keyed[key.stringValue] = child
        return child
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try MusubiEmitter.encode(value, into: child(key))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(storage: child(key)).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(storage: child(key)).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { TreeEncoder(storage: node) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(storage: child(key)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: TreeNode
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.unkeyed.count }

    private func appendChild() -> TreeNode {
        let child = TreeNode()
        node.unkeyed.append(child)
        return child
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: some Encodable) throws {
        try MusubiEmitter.encode(value, into: appendChild())
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(storage: appendChild()).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeEncoder(storage: appendChild()).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { TreeEncoder(storage: appendChild()) }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: TreeNode
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: some Encodable) throws {
        try MusubiEmitter.encode(value, into: node)
    }
}
