/// The header fields of a request or response, in the order they were added.
///
/// Kept as an ordered list of name/value pairs rather than a dictionary because HTTP allows a
/// name to repeat (`Set-Cookie`, `Link`) and because field names are case-insensitive: a
/// dictionary keyed by `String` would get both of those wrong. Lookups ignore case; the
/// spelling a field was added with is kept and is what gets sent.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One `name: value` line.
    public struct Field: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field, in order, with repeated names kept as separate entries.
    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the field called `name`, ignoring case.
    ///
    /// When the name repeats, the values are joined with `", "` — the combination RFC 9110
    /// §5.3 defines as equivalent, and what `HTTPURLResponse` reports. Use `values(for:)` for
    /// fields that must not be combined, such as `Set-Cookie`. Setting replaces every field of
    /// that name (keeping the position of the first); setting `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            let values = values(for: name)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        set {
            if let newValue {
                set(name, newValue)
            } else {
                remove(name)
            }
        }
    }

    /// Every value of the field called `name`, ignoring case, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field called `name` with a single one, or appends it when there is none.
    public mutating func set(_ name: String, _ value: String) {
        if let first = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
            fields[first] = Field(name: name, value: value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if Self.sameName(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        } else {
            add(name, value)
        }
    }

    /// Removes every field called `name`, ignoring case.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Whether a field called `name` is present, ignoring case.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// Field names are ASCII tokens (RFC 9110 §5.1), so folding only `A`–`Z` is exact and
    /// needs no allocation.
    private static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8) { asciiLowercase($0) == asciiLowercase($1) }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
