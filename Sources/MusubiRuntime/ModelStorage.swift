/// The private class in which a generated model keeps its values.
///
/// A model struct holds one reference to an immutable instance of its storage class, so that
/// copying a model (or a model that contains it) copies one pointer, and the compiler emits no
/// copy code spanning a whole tree of nested models. The struct's synthesized `==` compares
/// its storage, which this protocol makes `Equatable` through the one `==` below: an operator
/// declared in each of hundreds of generated classes would make the compiler look through all
/// of them for every `Equatable` conformance in the module.
public protocol ModelStorage: AnyObject, Equatable, Sendable {
    /// Whether every value equals the other instance's.
    func hasEqualValues(to other: Self) -> Bool
}

extension ModelStorage {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs === rhs || lhs.hasEqualValues(to: rhs)
    }
}
