import Foundation
import MusubiRuntime
import Testing

/// `AlternativeDecoder` with shapes: which alternatives it tries, how often it asks the coder
/// for an object's members, and what its error says when nothing fits.
@Suite struct AlternativeDecoderTests {
    /// Decoded as generated models decode, from a `ModelDecodingContainer`.
    struct Customer: Decodable, Equatable {
        var id: String
        var object: String

        init(id: String, object: String) {
            self.id = id
            self.object = object
        }

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            id = try container.decode(String.self, forKey: "id")
            object = try container.decode(String.self, forKey: "object")
        }
    }

    struct DeletedCustomer: Decodable, Equatable {
        var id: String
        var deleted: Bool

        init(id: String, deleted: Bool) {
            self.id = id
            self.deleted = deleted
        }

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            id = try container.decode(String.self, forKey: "id")
            deleted = try container.decode(Bool.self, forKey: "deleted")
        }
    }

    /// What an `anyOf: [string, Customer, DeletedCustomer]` decoded, as a generated struct
    /// decodes it, and how many keyed containers the coder was asked for on the way.
    struct Expandable: Decodable {
        static let shapes: [AlternativeShape?] = [
            .scalar(String.self),
            AlternativeShape(Customer.self, requires: ["id", "object"], pins: ["object": "customer"]),
            AlternativeShape(
                DeletedCustomer.self, requires: ["id", "deleted"], pins: ["deleted": true, "object": "customer"]),
        ]

        var string: String?
        var customer: Customer?
        var deleted: DeletedCustomer?
        var objectReads: Int

        init(from decoder: any Decoder) throws {
            let counting = CountingDecoder(decoder)
            var alternatives = AlternativeDecoder(counting, shapes: Self.shapes)
            string = alternatives.decode(String.self, at: 0)
            customer = alternatives.decode(Customer.self, at: 1)
            deleted = alternatives.decode(DeletedCustomer.self, at: 2)
            try alternatives.requireMatch(for: Self.self)
            objectReads = counting.keyedContainers
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func anIDDecodesWithoutAskingForAnObject() throws {
        let value = try decode(Expandable.self, #""cus_1""#)
        #expect(value.string == "cus_1" && value.customer == nil && value.deleted == nil)
        // Asking a string for its members throws an error costlier than decoding the ID.
        #expect(value.objectReads == 0)
    }

    @Test func anObjectsMembersAreCollectedOnceForTheShapesAndTheAlternative() throws {
        let value = try decode(Expandable.self, #"{"id": "cus_1", "object": "customer"}"#)
        #expect(value.string == nil && value.deleted == nil)
        #expect(value.customer == Customer(id: "cus_1", object: "customer"))
        #expect(value.objectReads == 1)

        let deleted = try decode(Expandable.self, #"{"id": "cus_1", "object": "customer", "deleted": true}"#)
        #expect(deleted.customer == Customer(id: "cus_1", object: "customer"))
        #expect(deleted.deleted == DeletedCustomer(id: "cus_1", deleted: true))
        #expect(deleted.objectReads == 1)
    }

    @Test func aScalarListedAfterTheObjectsIsNotTriedOnAnObject() throws {
        struct ObjectFirst: Decodable {
            var customer: Customer?
            var string: String?
            init(from decoder: any Decoder) throws {
                var alternatives = AlternativeDecoder(
                    decoder,
                    shapes: [
                        AlternativeShape(Customer.self, requires: ["id"], pins: ["object": "customer"]),
                        .scalar(String.self),
                    ])
                customer = alternatives.decode(Customer.self, at: 0)
                string = alternatives.decode(String.self, at: 1)
                try alternatives.requireMatch(for: Self.self)
            }
        }
        let object = try decode(ObjectFirst.self, #"{"id": "cus_1", "object": "customer"}"#)
        #expect(object.customer?.id == "cus_1" && object.string == nil)
        let id = try decode(ObjectFirst.self, #""cus_1""#)
        #expect(id.customer == nil && id.string == "cus_1")

        // Neither: the error names each alternative with its reason.
        let error = try #require(throws: DecodingError.self) {
            try decode(ObjectFirst.self, #"{"id": "cus_1", "object": "invoice"}"#)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains(#"Customer: `object` is not "customer""#))
        #expect(context.debugDescription.contains("String: the value is an object"))
    }

    @Test func aRankedOneOfLeavesOutScalarsForAnObjectAndObjectsForAScalar() throws {
        enum Union: Decodable, Equatable {
            case customer(Customer)
            case deleted(DeletedCustomer)
            case id(String)

            init(from decoder: any Decoder) throws {
                var alternatives = AlternativeDecoder(decoder, shapes: Expandable.shapes)
                var tried: [Int] = []
                while let offset = alternatives.next() {
                    tried.append(offset)
                    let value: Union? =
                        switch offset {
                        case 0: alternatives.decode(Union.id)
                        case 1: alternatives.decode(Union.customer)
                        case 2: alternatives.decode(Union.deleted)
                        default: nil
                        }
                    if let value {
                        self = value
                        return
                    }
                }
                throw alternatives.noMatch(for: Union.self)
            }
        }
        #expect(try decode(Union.self, #""cus_1""#) == .id("cus_1"))
        // The deleted customer pins one more member than the customer does, so it is tried first.
        #expect(
            try decode(Union.self, #"{"id": "cus_1", "object": "customer", "deleted": true}"#)
                == .deleted(DeletedCustomer(id: "cus_1", deleted: true)))
        #expect(
            try decode(Union.self, #"{"id": "cus_1", "object": "customer"}"#)
                == .customer(Customer(id: "cus_1", object: "customer")))
        let error = try #require(throws: DecodingError.self) { try decode(Union.self, #"{"id": "x"}"#) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("String: the value is an object"))
        #expect(context.debugDescription.contains("Customer: no member `object`"))
    }
}

/// A decoder that counts the keyed containers asked of it, passing everything on.
private final class CountingDecoder: Decoder {
    let base: any Decoder
    var keyedContainers = 0

    init(_ base: any Decoder) { self.base = base }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        keyedContainers += 1
        return try base.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try base.unkeyedContainer() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { try base.singleValueContainer() }
}
