import MusubiReader

/// A value written in the spec (an `enum` value, a `const`, a `default`, an example), as
/// later stages read it: without the reader's source positions, so nothing after the
/// document stage depends on the reader's tree.
///
/// It keeps what a generator needs to write the value back out exactly: numbers keep their
/// spelling (`1.50` stays `1.50`, a large integer is never rounded), strings and numbers stay
/// apart (`"1"` is not `1`), and object members keep the order they were written in.
public enum DocumentValue: Hashable, Sendable {
    /// One member of an object, in written order.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: DocumentValue

        public init(key: String, value: DocumentValue) {
            self.key = key
            self.value = value
        }
    }

    /// A value with where it was written, for values a later stage may report on (two `enum`
    /// values the client would send the same way). Reads like the value itself.
    @dynamicMemberLookup
    public struct Located: Sendable {
        public var value: DocumentValue
        public var location: SourceLocation

        public init(_ value: DocumentValue, at location: SourceLocation) {
            self.value = value
            self.location = location
        }

        init(_ node: Node) {
            self.init(DocumentValue(node), at: node.location)
        }

        public subscript<T>(dynamicMember keyPath: KeyPath<DocumentValue, T>) -> T {
            value[keyPath: keyPath]
        }
    }

    case null
    case bool(Bool)
    /// A number as written in the spec.
    case number(String)
    case string(String)
    case array([DocumentValue])
    /// An object's members in written order.
    case object([Member])

    /// The value of a reader node, converted once when the document is loaded (and by the
    /// configuration, for values it shares with specs, such as a pagination rule).
    public init(_ node: Node) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .sequence(let items): self = .array(items.map(DocumentValue.init))
        case .mapping(let mapping):
            self = .object(mapping.entries.map { Member(key: $0.key, value: DocumentValue($0.value)) })
        }
    }

    /// The text of a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The text of a scalar as written: a string's text, a number's spelling, `true` or
    /// `false`; `nil` for null, arrays and objects.
    public var scalarText: String? {
        switch self {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }

    /// A number with a whole value that fits an `Int` (`2` and `2.0` both give 2).
    public var int: Int? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int(text) { return exact }
        if let double = Double(text), double.rounded() == double, abs(double) < 9e18 { return Int(double) }
        return nil
    }

    /// An object's members in written order.
    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
