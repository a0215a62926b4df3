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
/// Changing a property of a copy first gives that copy an instance of its own when another
/// copy still shares it, so `var copy = issue; copy.title = "New"` leaves `issue` as it was.
///
/// Sendable when its value is: the shared instance is only ever changed while this is its
/// one reference (checked by `isKnownUniquelyReferenced`), as an array's buffer is.
@frozen
public struct CopyOnWrite<Value> {
    /// The instance the copies share.
    @usableFromInline
    final class Box {
        /// Only changed through ``CopyOnWrite/value`` while the box has one reference, which
        /// the compiler's static checks of the `CopyOnWrite` already make exclusive: a dynamic
        /// check on each access would cost time and prove nothing more.
        @usableFromInline @exclusivity(unchecked)
        var value: Value

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

    /// The value; changing it copies it first when another copy shares it.
    @inlinable
    public var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
