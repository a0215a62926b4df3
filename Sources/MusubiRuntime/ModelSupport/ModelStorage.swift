import Foundation

/// A generated model struct: `Equatable` through the one `==` below, which compares the
/// struct's stored values (for most models, its one ``ModelStorage`` instance).
///
/// Every model struct synthesizing its own `==` made each of them a type that declares an
/// operator, and the compiler looks through all of those for every `Equatable` conformance in
/// the module: about a seventh of the build time of a client like GitHub's.
public protocol ModelValue: Encodable, Equatable {}

extension ModelValue {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        StoredValues.equal(lhs, rhs)
    }
}

/// The private class in which a generated model keeps its values.
///
/// A model struct holds one reference to an immutable instance of its storage class, so that
/// copying a model (or a model that contains it) copies one pointer, and the compiler emits no
/// copy code spanning a whole tree of nested models.
///
/// The class's `==` comes from this protocol rather than from code generated for each model:
/// it compares the stored values one by one through reflection, each by its own `==`, as a
/// handwritten `==` would. A comparison function for every model was an eighth of the machine
/// code of a client like GitHub's and a quarter of its build time; models are compared in
/// tests and change detection, where a few microseconds per value do not matter.
///
/// Encoding works the same way: the class lists where each stored value goes (``members``) and
/// this protocol's `encode(to:)` writes the values it reflects.
public protocol ModelStorage: AnyObject, Encodable, Equatable, Sendable {
    /// Where each stored value goes in the model's JSON object, in the order the class declares
    /// its stored properties.
    static var members: ModelMembers { get }
}

extension ModelStorage {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs === rhs || StoredValues.equal(lhs, rhs)
    }

    public func encode(to encoder: any Encoder) throws {
        try StoredValues.encode(self, members: Self.members, to: encoder)
    }
}

/// Compares two values of one type by their stored values.
enum StoredValues {
    static func equal<Value: Encodable>(_ lhs: Value, _ rhs: Value) -> Bool {
        let left = Mirror(reflecting: lhs).children
        // A model without properties has no children and encodes as `{}`. In a build without
        // reflection metadata nothing has children and models cannot encode, so they compare
        // unequal.
        guard !left.isEmpty else { return encodedValuesEqual(lhs, rhs) }
        let right = Mirror(reflecting: rhs).children
        return left.count == right.count
            && zip(left, right).allSatisfy { valuesEqual($0.value, $1.value) }
    }

    /// Whether two values of the same type are equal, by that type's own `==`: a missing value
    /// equals only another missing value, as in a synthesized `==` (an `Optional` is compared
    /// as the `Optional` it is, never unwrapped by the cast).
    static func valuesEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        func compare<Value>(_ lhs: Value) -> Bool {
            guard let equatable = Value.self as? any Equatable.Type else { return false }
            return equatable.valueEquals(lhs, rhs)
        }
        return compare(lhs)
    }

    /// Whether both instances encode to the same JSON, keys sorted.
    static func encodedValuesEqual<Value: Encodable>(_ lhs: Value, _ rhs: Value) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let left = try? encoder.encode(lhs), let right = try? encoder.encode(rhs) else { return false }
        return left == right
    }
}

extension Equatable {
    /// `lhs == rhs` for two values known to be of this type.
    fileprivate static func valueEquals(_ lhs: Any, _ rhs: Any) -> Bool {
        guard let lhs = lhs as? Self, let rhs = rhs as? Self else { return false }
        return lhs == rhs
    }
}
