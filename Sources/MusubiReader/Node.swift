/// A position in a source text, 1-based, as editors and compilers print it.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// One node of a YAML or JSON document, with the place it was written.
///
/// The tree is the same whichever syntax the text used, so later stages never ask. Numbers
/// keep their source text: `openapi: 3.10` and a 20-digit integer survive unchanged, and
/// each reader of a number decides what it needs.
public struct Node: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number as written in the source (`42`, `-1.5e3`).
        case number(String)
        case string(String)
        case sequence([Node])
        case mapping(Mapping)
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// The entries of a mapping in source order, with key lookup.
///
/// Order matters to a code generator: properties, paths and enum cases are emitted in the
/// order the author wrote them, so the output is deterministic and reads like the spec.
public struct Mapping: Sendable, RandomAccessCollection {
    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: Node

        public init(key: String, keyLocation: SourceLocation, value: Node) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public private(set) var entries: [Entry]
    /// Built only for larger mappings, where a linear scan would show up in profiles
    /// (`components/schemas` of a big spec holds over a thousand entries).
    private var index: [String: Int]?

    private static let indexThreshold = 12

    public init(_ entries: [Entry]) {
        self.entries = entries
        if entries.count > Self.indexThreshold {
            var index = [String: Int](minimumCapacity: entries.count)
            for (offset, entry) in entries.enumerated() where index[entry.key] == nil {
                index[entry.key] = offset
            }
            self.index = index
        }
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    /// The first entry with this key, if any.
    public func entry(_ key: String) -> Entry? {
        if let index {
            return index[key].map { entries[$0] }
        }
        // By position: `first(where:)` would copy every entry it looks at.
        for position in entries.indices where entries[position].key == key {
            return entries[position]
        }
        return nil
    }

    public subscript(key: String) -> Node? {
        if let index {
            return index[key].map { entries[$0].value }
        }
        for position in entries.indices where entries[position].key == key {
            return entries[position].value
        }
        return nil
    }

    public var keys: [String] { entries.map(\.key) }
}

extension Node {
    public subscript(key: String) -> Node? {
        if case .mapping(let mapping) = value { return mapping[key] }
        return nil
    }

    public var mapping: Mapping? {
        if case .mapping(let mapping) = value { return mapping }
        return nil
    }

    public var sequence: [Node]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The text of any scalar: strings as they are, numbers as written, booleans as
    /// `true`/`false`. Real specs write `version: 1.0` where a string is meant.
    public var scalarText: String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .sequence, .mapping: return nil
        }
    }

    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    public var int: Int? {
        if case .number(let text) = value {
            if let exact = Int(text) { return exact }
            if let double = Double(text), double.rounded() == double, abs(double) < 9e18 {
                return Int(double)
            }
        }
        return nil
    }

    public var double: Double? {
        if case .number(let text) = value { return Double(text) }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// A short name of the node's kind for diagnostics ("a mapping", "a string").
    public var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}
