/// What templates render: strings, booleans, integers, lists and objects, the shapes of the
/// client model.
///
/// The model is `Encodable`, so its compiled encoding code turns a declaration into this tree
/// once, and every `{{name}}` is then a dictionary lookup, with no reflection or dynamic casts.
/// No list of field names exists here that could drift from the model.
enum TemplateValue: Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case list([TemplateValue])
    case object([String: TemplateValue])

    init(_ value: some Encodable) {
        // Encoding into in-memory containers cannot fail for the model's types (strings,
        // booleans, integers, arrays and structs of them).
        self = (try? TreeNode.value(of: value)) ?? .object([:])
    }
}

/// A value being built: a reference, so a container handed out can fill it.
///
/// A keyed container stores finished values: the model's synthesized `encode(to:)` encodes each
/// field completely before the next, so a field's value is converted as soon as it is encoded.
/// Only a nested container asked for by key is filled later; it is kept as a node until then.
private final class TreeNode {
    enum Content {
        case empty
        case scalar(TemplateValue)
        case keyed([String: TemplateValue], nested: [String: TreeNode])
        case unkeyed([TreeNode])
    }

    var content = Content.empty

    var value: TemplateValue {
        switch content {
        case .empty: return .object([:])
        case .scalar(let value): return value
        case .keyed(var fields, let nested):
            for (key, node) in nested { fields[key] = node.value }
            return .object(fields)
        case .unkeyed(let children): return .list(children.map(\.value))
        }
    }

    func set(_ value: TemplateValue, forKey key: String) {
        guard case .keyed(var fields, let nested) = content else {
            content = .keyed([key: value], nested: [:])
            return
        }
        content = .empty  // keeps `fields` uniquely referenced while it changes
        fields[key] = value
        content = .keyed(fields, nested: nested)
    }

    func nestedNode(forKey key: String) -> TreeNode {
        let child = TreeNode()
        if case .keyed(let fields, var nested) = content {
            content = .empty
            nested[key] = child
            content = .keyed(fields, nested: nested)
        } else {
            content = .keyed([:], nested: [key: child])
        }
        return child
    }

    func appendChild() -> TreeNode {
        let child = TreeNode()
        if case .unkeyed(var children) = content {
            content = .empty
            children.append(child)
            content = .unkeyed(children)
        } else {
            content = .unkeyed([child])
        }
        return child
    }

    var count: Int {
        if case .unkeyed(let children) = content { children.count } else { 0 }
    }

    /// Strings, booleans, integers and string lists (most of the model) directly, anything
    /// else through a nested encoder. Type comparisons, not casts: they cost next to nothing
    /// when they fail, which is what they mostly do.
    static func value<T: Encodable>(of value: T) throws -> TemplateValue {
        if T.self == String.self { return .string(value as! String) }
        if T.self == [String].self { return .list((value as! [String]).map(TemplateValue.string)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Int.self { return .int(value as! Int) }
        let node = TreeNode()
        try value.encode(to: TreeEncoder(node: node))
        return node.value
    }
}

private struct TreeEncoder: Encoder {
    let node: TreeNode
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Room for a declaration's fields from the start: growing a dictionary of dozens of
        // entries one by one rehashes it several times, for each of thousands of declarations.
        if case .keyed = node.content {} else { node.content = .keyed(.init(minimumCapacity: 48), nested: [:]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
        return UnkeyedContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TreeNode
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {
        node.set(.string(value), forKey: key.stringValue)
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        node.set(.bool(value), forKey: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        node.set(.int(value), forKey: key.stringValue)
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        node.set(try TreeNode.value(of: value), forKey: key.stringValue)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(node: node.nestedNode(forKey: key.stringValue)).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.nestedNode(forKey: key.stringValue)).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.nestedNode(forKey: key.stringValue))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: TreeNode
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.count }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: String) throws {
        node.appendChild().content = .scalar(.string(value))
    }
    mutating func encode(_ value: some Encodable) throws {
        node.appendChild().content = .scalar(try TreeNode.value(of: value))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        TreeEncoder(node: node.appendChild()).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.appendChild()).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.appendChild()) }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: TreeNode
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: String) throws { node.content = .scalar(.string(value)) }
    mutating func encode(_ value: some Encodable) throws { node.content = .scalar(try TreeNode.value(of: value)) }
}
