import Foundation
import Testing

@testable import MusubiRuntime

/// Models shaped as Musubi generates them: a small one with its values in its own properties,
/// and one with its values in a private storage class; `==` and encoding from the runtime.
private struct Owner: Codable, Sendable, ModelValue {
    let login: String
    let site: URL?

    init(login: String, site: URL? = nil) {
        self.login = login
        self.site = site
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StringCodingKey.self)
        self.login = try container.decode(String.self, forKey: "login")
        self.site = try container.decodeIfPresent(URL.self, forKey: "site")
    }

    func encode(to encoder: any Encoder) throws {
        try encoder.encodeStoredProperties(of: self, as: Self.members)
    }

    private static let members: ModelMembers = """
        login
        site
        """
}

private struct Repository: Codable, Sendable, ModelValue {
    var name: String { storage.name }
    var owner: Owner? { storage.owner }
    var topics: [String] { storage.topics }
    var extra: [String: JSONValue]? { storage.extra }
    var score: Double { storage.score }

    init(name: String, owner: Owner?, topics: [String], extra: [String: JSONValue]? = nil, score: Double = 0) {
        storage = Storage(name: name, owner: owner, topics: topics, extra: extra, score: score)
    }

    init(from decoder: any Decoder) throws {
        storage = try Storage(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try storage.encode(to: encoder)
    }

    private let storage: Storage

    private final class Storage: ModelStorage {
        let name: String
        let owner: Owner?
        let topics: [String]
        let extra: [String: JSONValue]?
        let score: Double

        static let members: ModelMembers = """
            name
            owner
            topics
            extra
            score
            """

        init(name: String, owner: Owner?, topics: [String], extra: [String: JSONValue]?, score: Double) {
            self.name = name
            self.owner = owner
            self.topics = topics
            self.extra = extra
            self.score = score
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: StringCodingKey.self)
            self.name = try container.decode(String.self, forKey: "name")
            self.owner = try container.decodeIfPresent(Owner.self, forKey: "owner")
            self.topics = try container.decode([String].self, forKey: "topics")
            self.extra = try container.decodeIfPresent([String: JSONValue].self, forKey: "extra")
            self.score = try container.decode(Double.self, forKey: "score")
        }
    }
}

/// A model without properties, as generated: no storage.
private struct Empty: Codable, Sendable, ModelValue {}

@Suite struct ModelEqualityTests {
    @Test func modelsWithTheSameValuesAreEqual() throws {
        let octocat = Owner(login: "octocat", site: URL(string: "https://github.com"))
        let first = Repository(name: "hello", owner: octocat, topics: ["a", "b"], extra: ["x": .integer(1)])
        let second = Repository(
            name: "hello", owner: Owner(login: "octocat", site: URL(string: "https://github.com")),
            topics: ["a", "b"], extra: ["x": .integer(1)])
        #expect(first == second)
        #expect(first == first)

        let json = Data(
            #"{"name":"hello","owner":{"login":"octocat","site":"https://github.com"},"topics":["a","b"],"extra":{"x":1},"score":0}"#
                .utf8)
        #expect(try JSONDecoder().decode(Repository.self, from: json) == first)
        // Encoding goes through the members lists of both models, the storage class's and the
        // small struct's.
        #expect(try JSONDecoder().decode(Repository.self, from: JSONEncoder().encode(first)) == first)
    }

    @Test func anyDifferentValueMakesModelsDifferent() {
        let owner = Owner(login: "octocat")
        let base = Repository(name: "hello", owner: owner, topics: ["a"])
        #expect(base != Repository(name: "hullo", owner: owner, topics: ["a"]))
        #expect(base != Repository(name: "hello", owner: Owner(login: "hubot"), topics: ["a"]))
        #expect(
            base
                != Repository(
                    name: "hello", owner: Owner(login: "octocat", site: URL(string: "https://a.b")), topics: ["a"]))
        #expect(base != Repository(name: "hello", owner: nil, topics: ["a"]))
        #expect(base != Repository(name: "hello", owner: owner, topics: ["a", "b"]))
        #expect(base != Repository(name: "hello", owner: owner, topics: ["a"], extra: [:]))
        #expect(base != Repository(name: "hello", owner: owner, topics: ["a"], score: 1))
    }

    @Test func missingValuesEqualOnlyMissingValues() {
        #expect(Owner(login: "a") == Owner(login: "a", site: nil))
        #expect(Owner(login: "a") != Owner(login: "a", site: URL(string: "https://a.b")))
        #expect(Owner(login: "a", site: URL(string: "https://a.b")) != Owner(login: "a"))
    }

    /// As with a synthesized `==`, a value that is not equal to itself keeps its model unequal.
    @Test func notANumberIsNotEqualToItself() {
        let first = Repository(name: "n", owner: nil, topics: [], score: .nan)
        let second = Repository(name: "n", owner: nil, topics: [], score: .nan)
        #expect(first != second)
    }

    @Test func modelsWithoutPropertiesAreEqual() {
        #expect(Empty() == Empty())
    }

    /// The comparison used when the binary has no reflection metadata.
    @Test func encodedComparisonAgreesWithReflection() {
        let owner = Owner(login: "octocat")
        let base = Repository(name: "hello", owner: owner, topics: ["a"], extra: ["k": .string("v"), "j": .bool(true)])
        let same = Repository(
            name: "hello", owner: Owner(login: "octocat"), topics: ["a"], extra: ["j": .bool(true), "k": .string("v")])
        let other = Repository(name: "hello", owner: Owner(login: "hubot"), topics: ["a"])
        #expect(StoredValues.encodedValuesEqual(base, same))
        #expect(!StoredValues.encodedValuesEqual(base, other))
        #expect(StoredValues.equal(base, same) && !StoredValues.equal(base, other))
    }
}
