import Foundation
import Testing

@testable import MusubiRuntime

/// A struct as Musubi generates a small one, with every kind of member: a read-only value, a
/// required value that may be null, an embedded composition and the object's other members.
private struct Ticket: Codable, Sendable, ModelValue {
    let id: Int
    let title: String?
    let closedAt: String?
    let state: State?
    let others: [String: Int]

    enum State: Codable, Sendable, Equatable {
        case open(since: String)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .open(let since):
                var container = encoder.container(keyedBy: StringCodingKey.self)
                try container.encode(since, forKey: "open_since")
            }
        }
    }

    init(id: Int, title: String?, closedAt: String?, state: State?, others: [String: Int] = [:]) {
        self.id = id
        self.title = title
        self.closedAt = closedAt
        self.state = state
        self.others = others
    }

    init(from decoder: any Decoder) throws {
        fatalError("not used")
    }

    func encode(to encoder: any Encoder) throws {
        try encoder.encodeStoredProperties(of: self, as: Self.members)
    }

    private static let members: ModelMembers = """
        id read-only
        ticket%20title
        closed_at writes-null
        *
        *
        """
}

@Suite struct ModelMembersTests {
    @Test func parsesKeysAndOptions() {
        let members: ModelMembers = """
            id
            node_id read-only
            parent writes-null
            both writes-null read-only
            *
            %2A
            ""
            100%25%20sure
            """
        #expect(
            members.members == [
                .key("id"),
                ModelMember(key: "node_id", isReadOnly: true),
                ModelMember(key: "parent", writesNull: true),
                ModelMember(key: "both", writesNull: true, isReadOnly: true),
                .sameObject,
                .key("*"),
                .key(""),
                .key("100% sure"),
            ])
    }

    @Test func encodesEachMemberAsItsListSays() throws {
        let ticket = Ticket(
            id: 7, title: "Crash", closedAt: nil, state: .open(since: "2026-01-02"), others: ["votes": 3])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(ticket), as: UTF8.self)
                == #"{"closed_at":null,"id":7,"open_since":"2026-01-02","ticket title":"Crash","votes":3}"#)

        // Missing optionals are left out, except the one that writes null; read-only values
        // stay out of request bodies.
        let bare = Ticket(id: 7, title: nil, closedAt: nil, state: nil)
        let body = try Coding.standard.encodeRequestBody(bare)
        #expect(try JSONSerialization.jsonObject(with: body) as? NSDictionary == ["closed_at": NSNull()])
    }

    /// A list that does not match the stored values (what a build without reflection metadata
    /// sees) fails to encode with a message, rather than writing a wrong object.
    @Test func aListThatDoesNotMatchTheValuesFailsToEncode() {
        struct Pair: Encodable {
            let a = 1
            let b = 2
            func encode(to encoder: any Encoder) throws {
                try encoder.encodeStoredProperties(of: self, as: "a")
            }
        }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Pair()) }
    }
}
