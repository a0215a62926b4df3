/// A value kept in one shared instance that copies of it share until one of them changes.
///
/// A generated model of more than a few properties keeps their values in a private struct
/// held in a `CopyOnWrite`, and each property reads and writes that struct:
///
/// ```swift
/// public var title: String {
///     get { storage.value.title }
///     set { storage.value.title = newValue }
/// }
/// ```
///
/// Copying the model copies one reference, as copying an array does, and a model holding
/// other models holds references to them: the compiler emits no copy code spanning the whole
/// tree of nested models, and a model can contain itself (`TreeNode.parent: TreeNode?`).
/// The instance never changes: changing a property gives the model a new instance holding the
/// changed values, so `var copy = issue; copy.title = "New"` leaves `issue` as it was.
///
/// An instance that never changes is what lets `==`, `hash(into:)` and `encode(to:)` read the
/// values where they are. Had the instance a `var` that a property's setter changed in place,
/// the compiler could not know that nothing changes the values while a model's `visitValues`
/// reads them, and would copy the whole struct (a retain of each of its references, and a
/// release after) on every comparison, hash and encoding. Setting a property costs that copy
/// instead, once per change, which reading a model far more often than changing it repays.
///
/// Sendable when its value is: nothing changes the shared instance.
@frozen
public struct CopyOnWrite<Value> {
    /// The instance the copies share.
    @usableFromInline
    final class Box {
        /// A constant, so that the compiler lets a reader use the value in place.
        @usableFromInline
        let value: Value

        @inlinable
        init(_ value: Value) {
            self.value = value
        }
    }

    @usableFromInline
    var box: Box

    @inlinable
    public init(_ value: Value) {
        box = Box(value)
    }

    /// The value; changing it puts the changed value into a new instance.
    @inlinable
    public var value: Value {
        _read { yield box.value }
        _modify {
            var value = box.value
            defer { box = Box(value) }
            yield &value
        }
    }
}

extension CopyOnWrite: Sendable where Value: Sendable {}
extension CopyOnWrite.Box: Sendable where Value: Sendable {}
