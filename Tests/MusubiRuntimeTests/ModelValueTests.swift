import Foundation
import Testing

@testable import MusubiRuntime

/// Models shaped as Musubi generates them: a small one with its values in its own properties,
/// one with its values in a private storage class, and one without properties; `==`,
/// `hash(into:)` and `encode(to:)` from the runtime, through each model's `visitValues`.
private struct Owner: ModelValue, Identifiable {
    let id: Int
    let login: String
    let site: URL?

    init(id: Int = 1, login: String, site: URL? = nil) {
        self.id = id
        self.login = login
        self.site = site
    }

    init(from decoder: any Decoder) throws {
        let container = try ModelDecodingContainer(decoder)
        self.id = try container.decode(Int.self, forKey: "id")
        self.login = try container.decode(String.self, forKey: "login")
        self.site = try container.decodeURLIfPresent(forKey: "site")
    }

    static func visitValues<Visitor: ModelVisitor>(
        _ lhs: Self, _ rhs: Self, with visitor: inout Visitor
    ) {
        visitor.value(lhs.id, rhs.id, key: "id")
        visitor.value(lhs.login, rhs.login, key: "login")
        visitor.optional(lhs.site, rhs.site, key: "site")
    }
}

private struct Repository: ModelValue, CustomReflectable {
    var name: String { storage.name }
    var owner: Owner? { storage.owner }
    var topics: [String] { storage.topics }
    var nodeID: String? { storage.nodeID }
    var parent: String? { storage.parent }
    var score: Double { storage.score }
    var other: [String: JSONValue] { storage.other }

    init(
        name: String, owner: Owner?, topics: [String], nodeID: String? = nil, parent: String? = nil,
        score: Double = 0, other: [String: JSONValue] = [:]
    ) {
        storage = Storage(
            name: name, owner: owner, topics: topics, nodeID: nodeID, parent: parent, score: score, other: other)
    }

    init(from decoder: any Decoder) throws {
        storage = try Storage(from: decoder)
    }

    static func visitValues<Visitor: ModelVisitor>(
        _ lhs: Self, _ rhs: Self, with visitor: inout Visitor
    ) {
        if visitor.skipsValues(sharedBy: lhs.storage, rhs.storage) { return }
        visitor.value(lhs.storage.name, rhs.storage.name, key: "name")
        visitor.optional(lhs.storage.owner, rhs.storage.owner, key: "owner")
        visitor.value(lhs.storage.topics, rhs.storage.topics, key: "topics")
        visitor.optional(lhs.storage.nodeID, rhs.storage.nodeID, key: "node_id", options: .readOnly)
        visitor.optional(lhs.storage.parent, rhs.storage.parent, key: "parent", options: .writesNull)
        visitor.value(lhs.storage.score, rhs.storage.score, key: "score")
        visitor.otherMembers(lhs.storage.other, rhs.storage.other)
    }

    var customMirror: Mirror {
        Mirror(model: self, values: storage)
    }

    private let storage: Storage

    private final class Storage: Sendable {
        let name: String
        let owner: Owner?
        let topics: [String]
        let nodeID: String?
        let parent: String?
        let score: Double
        let other: [String: JSONValue]

        init(
            name: String, owner: Owner?, topics: [String], nodeID: String?, parent: String?, score: Double,
            other: [String: JSONValue]
        ) {
            self.name = name
            self.owner = owner
            self.topics = topics
            self.nodeID = nodeID
            self.parent = parent
            self.score = score
            self.other = other
        }

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            self.name = try container.decode(String.self, forKey: "name")
            self.owner = try container.decodeIfPresent(Owner.self, forKey: "owner")
            self.topics = try container.decode([String].self, forKey: "topics")
            self.nodeID = try container.decodeIfPresent(String.self, forKey: "node_id")
            self.parent = try container.decodeIfPresent(String.self, forKey: "parent")
            self.score = try container.decode(Double.self, forKey: "score")
            self.other = try decoder.additionalProperties(excluding: [
                "name", "owner", "topics", "node_id", "parent", "score",
            ])
        }
    }
}

/// A model with an embedded `oneOf`, whose members go into the model's own object.
private struct Event: ModelValue {
    let sequence: Int
    let payload: JSONValue

    init(sequence: Int, payload: JSONValue) {
        self.sequence = sequence
        self.payload = payload
    }

    init(from decoder: any Decoder) throws {
        let container = try ModelDecodingContainer(decoder)
        self.sequence = try container.decode(Int.self, forKey: "sequence")
        self.payload = try JSONValue(from: decoder)
    }

    static func visitValues<Visitor: ModelVisitor>(
        _ lhs: Self, _ rhs: Self, with visitor: inout Visitor
    ) {
        visitor.value(lhs.sequence, rhs.sequence, key: "sequence")
        visitor.members(lhs.payload, rhs.payload)
    }
}

/// Names each value that was asked to encode itself.
private final class AttemptLog: @unchecked Sendable {
    var names: [String] = []
}

/// A value that refuses to be encoded, and notes that it was asked.
private struct Refusing: Hashable, Encodable, Sendable {
    let name: String
    let log: AttemptLog

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }

    func encode(to encoder: any Encoder) throws {
        log.names.append(name)
        throw EncodingError.invalidValue(name, .init(codingPath: encoder.codingPath, debugDescription: "refused"))
    }
}

/// A model of two values that both fail to encode.
private struct TwoRefusals: ModelValue {
    let first: Refusing
    let second: Refusing

    init(first: Refusing, second: Refusing) {
        self.first = first
        self.second = second
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "only encoded"))
    }

    static func visitValues<Visitor: ModelVisitor>(_ lhs: Self, _ rhs: Self, with visitor: inout Visitor) {
        visitor.value(lhs.first, rhs.first, key: "first")
        visitor.value(lhs.second, rhs.second, key: "second")
    }
}

/// A model without properties, as generated.
private struct Empty: ModelValue {
    static func visitValues<Visitor: ModelVisitor>(
        _ lhs: Self, _ rhs: Self, with visitor: inout Visitor
    ) {}
}

/// An `anyOf` as Musubi generates it: an optional property per alternative.
private struct OwnerOrName: ModelValue {
    var owner: Owner?
    var name: String?

    init(owner: Owner? = nil, name: String? = nil) {
        self.owner = owner
        self.name = name
    }

    init(from decoder: any Decoder) throws {
        owner = try? Owner(from: decoder)
        name = try? decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        if let name { return try encoder.encodeAlternative(name) }
        try encoder.encodeAlternative(owner)
    }

    static func visitValues<Visitor: ModelVisitor>(_ lhs: Self, _ rhs: Self, with visitor: inout Visitor) {
        visitor.alternative(lhs.owner, rhs.owner, key: "owner")
        visitor.alternative(lhs.name, rhs.name, key: "name")
    }
}

@Suite struct ModelValueTests {
    /// An `anyOf` compares every alternative and hashes only the first that is set, once: equal
    /// values still hash alike, and a value that is two alternatives is hashed as one.
    @Test func anAnyOfComparesEveryAlternativeAndHashesTheFirstSet() {
        let both = OwnerOrName(owner: Owner(login: "a"), name: "a")
        #expect(both == OwnerOrName(owner: Owner(login: "a"), name: "a"))
        #expect(both != OwnerOrName(owner: Owner(login: "a"), name: "b"))
        #expect(both.hashValue == OwnerOrName(owner: Owner(login: "a"), name: "a").hashValue)
        var hasher = Hasher()
        hasher.combine(Owner(login: "a"))
        #expect(both.hashValue == hasher.finalize())
        var name = Hasher()
        name.combine("b")
        #expect(OwnerOrName(name: "b").hashValue == name.finalize())
        #expect(Set([both, OwnerOrName(owner: Owner(login: "a"), name: "b")]).count == 2)
    }

    fileprivate static let octocat = Owner(login: "octocat", site: URL(string: "https://github.com"))

    @Test func modelsWithTheSameValuesAreEqualAndHashAlike() throws {
        let first = Repository(name: "hello", owner: Self.octocat, topics: ["a", "b"], other: ["x": 1])
        let second = Repository(
            name: "hello", owner: Owner(login: "octocat", site: URL(string: "https://github.com")),
            topics: ["a", "b"], other: ["x": 1])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        #expect(Set([first, Repository(name: "other", owner: nil, topics: [])]).count == 2)
    }

    /// Every value reaches the caller's hasher, in order, as with a synthesized `hash(into:)`:
    /// the same hash as a plain struct of the same values, including a nested model's.
    @Test func hashingFeedsEveryValueToTheCallersHasher() {
        struct PlainOwner: Hashable {
            let id: Int
            let login: String
            let site: URL?
        }
        struct Pair: Hashable {
            let first: Owner
            let second: Int
        }
        struct PlainPair: Hashable {
            let first: PlainOwner
            let second: Int
        }
        let site = URL(string: "https://github.com")
        let plainOwner = PlainOwner(id: 7, login: "octocat", site: site)
        #expect(Owner(id: 7, login: "octocat", site: site).hashValue == plainOwner.hashValue)
        #expect(Owner(id: 7, login: "octocat").hashValue == PlainOwner(id: 7, login: "octocat", site: nil).hashValue)
        #expect(Owner(id: 7, login: "octocat").hashValue != Owner(id: 8, login: "octocat").hashValue)
        #expect(
            Pair(first: Owner(id: 1, login: "a"), second: 2).hashValue
                == PlainPair(first: PlainOwner(id: 1, login: "a", site: nil), second: 2).hashValue)
        var hasher = Hasher()
        hasher.combine(Owner(id: 1, login: "a"))
        hasher.combine(3)
        var plain = Hasher()
        plain.combine(PlainOwner(id: 1, login: "a", site: nil))
        plain.combine(3)
        #expect(hasher.finalize() == plain.finalize())
    }

    @Test func anyDifferentValueMakesModelsDifferent() {
        let owner = Owner(login: "octocat")
        let base = Repository(name: "hello", owner: owner, topics: ["a"])
        let others = [
            Repository(name: "hullo", owner: owner, topics: ["a"]),
            Repository(name: "hello", owner: Owner(login: "hubot"), topics: ["a"]),
            Repository(name: "hello", owner: Owner(login: "octocat", site: URL(string: "https://a.b")), topics: ["a"]),
            Repository(name: "hello", owner: nil, topics: ["a"]),
            Repository(name: "hello", owner: owner, topics: ["a", "b"]),
            Repository(name: "hello", owner: owner, topics: ["a"], nodeID: "N"),
            Repository(name: "hello", owner: owner, topics: ["a"], parent: "p"),
            Repository(name: "hello", owner: owner, topics: ["a"], score: 1),
            Repository(name: "hello", owner: owner, topics: ["a"], other: ["k": true]),
        ]
        for other in others {
            #expect(base != other)
        }
        #expect(Set(others + [base]).count == others.count + 1)
    }

    @Test func missingValuesEqualOnlyMissingValues() {
        #expect(Owner(login: "a") == Owner(login: "a", site: nil))
        #expect(Owner(login: "a") != Owner(login: "a", site: URL(string: "https://a.b")))
        #expect(Owner(login: "a", site: URL(string: "https://a.b")) != Owner(login: "a"))
    }

    /// As with a synthesized `==`, a value that is not equal to itself keeps its model unequal.
    @Test func notANumberIsNotEqualToItself() {
        let first = Repository(name: "n", owner: nil, topics: [], score: .nan)
        #expect(first != Repository(name: "n", owner: nil, topics: [], score: .nan))
    }

    /// Copies that share their storage are equal without a value compared, as arrays sharing a
    /// buffer are (even holding `.nan`); hashing and encoding still see every value.
    @Test func copiesSharingTheirStorageAreEqual() throws {
        let first = Repository(name: "n", owner: nil, topics: ["a"], score: .nan)
        let copy = first
        #expect(copy == first)
        #expect(copy.hashValue == first.hashValue)
        let named = Repository(name: "n", owner: nil, topics: ["a"])
        let namedCopy = named
        #expect(String(decoding: try Coding.standard.encode(namedCopy), as: UTF8.self).contains(#""topics":["a"]"#))

        var comparing = EqualityVisitor()
        #expect(comparing.skipsValues(sharedBy: NSObject(), NSObject()) == false)
        var hashing = Hasher()
        withUnsafeMutablePointer(to: &hashing) { hasher in
            var visitor = HashingVisitor(hasher)
            let object = NSObject()
            #expect(visitor.skipsValues(sharedBy: object, object) == false)
        }
    }

    @Test func modelsWithoutPropertiesAreEqualAndEncodeAsAnEmptyObject() throws {
        #expect(Empty() == Empty())
        #expect(Empty().hashValue == Empty().hashValue)
        #expect(String(decoding: try JSONEncoder().encode(Empty()), as: UTF8.self) == "{}")
    }

    @Test func encodingWritesEachValueUnderItsKey() throws {
        let repository = Repository(
            name: "hello", owner: Self.octocat, topics: ["a"], nodeID: "N1", score: 2, other: ["x": 1])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(repository), as: UTF8.self)
        #expect(
            json
                == #"""
                {"name":"hello","node_id":"N1","owner":{"id":1,"login":"octocat","site":"https:\/\/github.com"},\#
                "parent":null,"score":2,"topics":["a"],"x":1}
                """#.replacingOccurrences(of: "\n", with: ""))
        #expect(try JSONDecoder().decode(Repository.self, from: encoder.encode(repository)) == repository)
    }

    /// Visiting does not throw: the encoding visitor keeps the first error, encodes nothing
    /// more, and `encode(to:)` throws that error, with the key of the value that failed.
    @Test func theFirstValueThatFailsToEncodeIsTheErrorThrown() throws {
        // JSONEncoder refuses a non-finite number.
        let repository = Repository(name: "n", owner: nil, topics: [], score: .infinity)
        #expect {
            try JSONEncoder().encode(repository)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["score"]
        }

        let log = AttemptLog()
        let model = TwoRefusals(first: Refusing(name: "first", log: log), second: Refusing(name: "second", log: log))
        #expect {
            try JSONEncoder().encode(model)
        } throws: { error in
            guard case EncodingError.invalidValue(let value, _) = error else { return false }
            return value as? String == "first"
        }
        #expect(log.names == ["first"])
    }

    @Test func aMissingOptionalIsLeftOutUnlessItWritesNull() throws {
        let json = String(decoding: try JSONEncoder().encode(Owner(login: "a")), as: UTF8.self)
        #expect(!json.contains("site"))
        let repository = String(
            decoding: try JSONEncoder().encode(Repository(name: "n", owner: nil, topics: [])), as: UTF8.self)
        #expect(repository.contains(#""parent":null"#) && !repository.contains("owner"))
    }

    @Test func readOnlyValuesAreLeftOutOfRequestBodies() throws {
        let repository = Repository(name: "n", owner: nil, topics: [], nodeID: "N1")
        let body = String(decoding: try Coding.standard.encodeRequestBody(repository), as: UTF8.self)
        #expect(!body.contains("node_id"))
        #expect(String(decoding: try JSONEncoder().encode(repository), as: UTF8.self).contains("node_id"))
    }

    @Test func embeddedMembersGoIntoTheModelsObject() throws {
        let event = Event(sequence: 1, payload: ["kind": "push"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(event), as: UTF8.self) == #"{"kind":"push","sequence":1}"#)
        // Decoding reads the embedded value from the whole object: here, the sequence too.
        #expect(
            try JSONDecoder().decode(Event.self, from: encoder.encode(event)).payload == [
                "kind": "push", "sequence": 1,
            ])
        #expect(event != Event(sequence: 1, payload: ["kind": "pull"]))
    }

    /// `print` and `dump` show a storage-backed model's values, as they do a struct's.
    @Test func aModelsMirrorShowsItsValues() {
        let repository = Repository(name: "hello", owner: nil, topics: ["a"])
        let mirror = Mirror(reflecting: repository)
        #expect(mirror.displayStyle == .struct)
        #expect(mirror.children.map(\.label) == ["name", "owner", "topics", "nodeID", "parent", "score", "other"])
        #expect(String(describing: repository).hasPrefix(#"Repository(name: "hello", owner: nil, topics: ["a"]"#))
        var dumped = ""
        dump(repository, to: &dumped)
        #expect(dumped.contains(#"- name: "hello""#) && !dumped.contains("Storage"))
    }

    @Test func anIdentifiableModelIsIdentifiedByItsID() {
        #expect(Owner(id: 7, login: "a").id == 7)
        let byID = Dictionary(grouping: [Owner(id: 1, login: "a"), Owner(id: 1, login: "b")], by: \.id)
        #expect(byID[1]?.count == 2)
    }
}
