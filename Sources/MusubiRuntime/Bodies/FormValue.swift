import Foundation

/// A value on its way into a URL-encoded or multipart form: the shape of what an `Encodable`
/// wrote, with scalars already turned into their parameter text.
///
/// Forms are written from this tree rather than from JSON because a form cares about things
/// JSON loses: which values are files (`FileUpload`), and the exact text of dates, UUIDs and
/// enums (their `ParameterValue`).
indirect enum FormValue {
    case text(String)
    case bytes(Data)
    case file(FileUpload)
    case array([FormValue])
    /// Members in the order they were encoded (a model's declaration order).
    case object([(key: String, value: FormValue)])
    case null

    /// Encodes `value` into the tree, and keeps each top-level member's original value too,
    /// for members that travel as JSON (a multipart part of an object, a field whose
    /// encoding names a JSON media type).
    static func encode<T: Encodable>(_ value: T) throws -> (FormValue, originals: [String: any Encodable]) {
        let root = try FormValueBox.encode(value)
        return (root.value, root.members.reduce(into: [:]) { $0[$1.key] = $1.box.original })
    }
}

/// A node being written: containers share it, so members land in the parent's list.
final class FormValueBox {
    var value: FormValue = .null
    /// The value as given, for a node that travels as JSON.
    private(set) var original: (any Encodable)?
    private(set) var members: [(key: String, box: FormValueBox)] = []
    private(set) var elements: [FormValueBox] = []
    private var kind: Kind = .leaf

    private enum Kind { case leaf, object, array }

    /// The finished tree for `value`.
    static func encode<T: Encodable>(_ value: T) throws -> FormValueBox {
        let root = FormValueBox()
        try root.store(value, codingPath: [])
        return root
    }

    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        original = value
        if let upload = value as? FileUpload {
            self.value = .file(upload)
        } else if let data = value as? Data {
            self.value = .bytes(data)
        } else if let scalar = value as? any ParameterValue {
            self.value = .text(scalar.parameterValue)
        } else {
            try value.encode(to: FormValueEncoder(box: self, codingPath: codingPath))
            finish()
        }
    }

    func makeObject() {
        if kind != .object { kind = .object }
    }

    func makeArray() {
        if kind != .array { kind = .array }
    }

    func member(_ key: String) -> FormValueBox {
        makeObject()
        if let existing = members.first(where: { $0.key == key }) { return existing.box }
        let box = FormValueBox()
        members.append((key, box))
        return box
    }

    func appendElement() -> FormValueBox {
        makeArray()
        let box = FormValueBox()
        elements.append(box)
        return box
    }

    /// Turns the containers written so far into `value`.
    func finish() {
        switch kind {
        case .leaf: break
        case .object:
            value = .object(
                members.map { member in
                    member.box.finish()
                    return (member.key, member.box.value)
                })
        case .array:
            value = .array(
                elements.map { element in
                    element.finish()
                    return element.value
                })
        }
    }
}

/// The `Encoder` writing into a `FormValueBox`.
private struct FormValueEncoder: Encoder {
    let box: FormValueBox
    let codingPath: [any CodingKey]
    /// A form is always a request body: generated models leave their read-only properties out.
    var userInfo: [CodingUserInfoKey: Any] { [.isRequestBody: true] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(KeyedContainer(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeArray()
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(box: box, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: FormValueBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        box.member(key.stringValue).value = .null
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try box.member(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = box.member(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = box.member(key.stringValue)
        child.makeArray()
        return UnkeyedContainer(box: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        FormValueEncoder(box: box.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FormValueEncoder(box: box.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: FormValueBox
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(box: FormValueBox, codingPath: [any CodingKey]) {
        self.box = box
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws {
        count += 1
        box.appendElement().value = .null
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try box.appendElement().store(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        count += 1
        let child = box.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        let child = box.appendElement()
        child.makeArray()
        return UnkeyedContainer(box: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        return FormValueEncoder(box: box.appendElement(), codingPath: codingPath)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let box: FormValueBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.value = .null }
    mutating func encode(_ value: Bool) throws { box.value = .text(value.parameterValue) }
    mutating func encode(_ value: String) throws { box.value = .text(value) }
    mutating func encode(_ value: Double) throws { box.value = .text(value.parameterValue) }
    mutating func encode(_ value: Float) throws { box.value = .text(value.parameterValue) }
    mutating func encode(_ value: Int) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: Int8) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: Int16) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: Int32) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: Int64) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: UInt) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: UInt8) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: UInt16) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: UInt32) throws { box.value = .text(String(value)) }
    mutating func encode(_ value: UInt64) throws { box.value = .text(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try box.store(value, codingPath: codingPath)
    }
}
