/// A box that gives a recursive model a finite size.
///
/// A struct cannot store a value of its own type inline (`APIErrors.source: APIErrors?`), so
/// generated code keeps such a property in an `Indirect` and exposes the plain value through a
/// computed property. The box is immutable and compares, hashes and codes as its value, so
/// the model behaves exactly as if the value were stored directly.
public final class Indirect<Wrapped: Sendable>: Sendable {
    public let value: Wrapped

    public init(_ value: Wrapped) {
        self.value = value
    }
}

extension Indirect: Equatable where Wrapped: Equatable {
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
}

extension Indirect: Hashable where Wrapped: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Indirect: Decodable where Wrapped: Decodable {
    public convenience init(from decoder: any Decoder) throws {
        self.init(try Wrapped(from: decoder))
    }
}

extension Indirect: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
