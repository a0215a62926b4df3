import ConstructsClient
import Foundation
import MusubiRuntime
import Testing

/// The golden module's models as an app uses them: as `Hashable` values in sets and
/// dictionaries, `Identifiable` ones in lists, printed, and encoded back to what they decoded.
@Suite struct GeneratedModelValueTests {
    static let itemJSON = #"""
        {"id": 7, "type": "box", "self": "me", "created_at": "2024-01-02T03:04:05Z", "due_on": "2024-02-03",
         "kind": "multi-part", "labels": {"a": "b"}, "nullable_name": null, "children": [
           {"id": 8, "type": "t", "self": "s", "created_at": "2024-01-02T03:04:05Z", "legacy": "old"}],
         "fooBar": "x", "foo_bar": "y", "owner": {"name": "Kana", "nickname": null}}
        """#

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try Coding.standard.decode(T.self, from: Data(json.utf8))
    }

    /// Whether `T` is `Identifiable` with the given `ID`, known at compile time.
    func identifier<T: Identifiable>(of value: T) -> T.ID { value.id }

    @Test func decodedTwiceIsEqualWithEqualHashes() throws {
        let first = try decode(Item.self, Self.itemJSON)
        let second = try decode(Item.self, Self.itemJSON)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        #expect([first: "seen"][second] == "seen")
    }

    @Test func aDifferenceAnywhereMakesAnotherValue() throws {
        let item = try decode(Item.self, Self.itemJSON)
        for (old, new) in [(#""box""#, #""bag""#), (#""old""#, #""new""#), (#""Kana""#, #""Kano""#)] {
            let changed = try decode(Item.self, Self.itemJSON.replacingOccurrences(of: old, with: new))
            #expect(item != changed, "\(new)")
            #expect(Set([item, changed]).count == 2)
        }
    }

    @Test func encodingWhatWasDecodedGivesTheSameValue() throws {
        let item = try decode(Item.self, Self.itemJSON)
        let encoded = try Coding.standard.encode(item)
        #expect(try Coding.standard.decode(Item.self, from: encoded) == item)
        // The required nullable member is written as null, a missing optional left out.
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains(#""nickname":null"#) && !text.contains("ratio"))
    }

    /// An optional property that may be null reads as nil for `null` and for no key alike, but
    /// keeps which it was: encoding sends back what was decoded, and the two are not equal.
    @Test func anExplicitNullSurvivesTheRoundTrip() throws {
        let item = try decode(Item.self, Self.itemJSON)
        #expect(item.nullableName == nil)
        #expect(item.nullableNullableName == .null)
        #expect(String(decoding: try Coding.standard.encode(item), as: UTF8.self).contains(#""nullable_name":null"#))

        let absent = try decode(Item.self, Self.itemJSON.replacingOccurrences(of: #""nullable_name": null,"#, with: ""))
        #expect(absent.nullableName == nil)
        #expect(absent.nullableNullableName == nil)
        #expect(!String(decoding: try Coding.standard.encode(absent), as: UTF8.self).contains("nullable_name"))
        #expect(absent != item)

        let named = try decode(
            Item.self, Self.itemJSON.replacingOccurrences(of: #""nullable_name": null"#, with: #""nullable_name": "n""#)
        )
        #expect(named.nullableName == "n")
        #expect(named.nullableNullableName == .value("n"))
    }

    @Test func aModelWithAnIDIsIdentifiable() throws {
        let item = try decode(Item.self, Self.itemJSON)
        let id: Int64 = identifier(of: item)
        #expect(id == 7)
        #expect(item.children?.map { identifier(of: $0) } == [8])
    }

    @Test func everyKindOfModelIsHashable() throws {
        let shapes: Set<ShapeModel> = [
            try decode(ShapeModel.self, #"{"kind": "circle", "radius": 2}"#),
            try decode(ShapeModel.self, #"{"kind": "circle", "radius": 2}"#),
            try decode(ShapeModel.self, #"{"kind": "Square", "side": 3}"#),
        ]
        #expect(shapes.count == 2)
        let priorities: Set<Priority> = [Priority(rawValue: 1), Priority(rawValue: 1), Priority(rawValue: 99)]
        #expect(priorities.count == 2)
        let nodes: Set<TreeNode> = [
            try decode(TreeNode.self, #"{"name": "root", "children": [{"name": "leaf"}]}"#),
            try decode(TreeNode.self, #"{"name": "root", "children": [{"name": "leaf"}]}"#),
            try decode(TreeNode.self, #"{"name": "root", "children": [{"name": "other"}]}"#),
        ]
        #expect(nodes.count == 2)
    }

    /// `print` and `dump` show the values, as for a struct with stored properties.
    @Test func printingShowsTheValues() throws {
        let item = try decode(Item.self, Self.itemJSON)
        let printed = String(describing: item)
        #expect(printed.hasPrefix(#"Item(id: 7, type: "box", selfValue: "me""#))
        #expect(!printed.contains("Storage"))
        var dumped = ""
        dump(item, to: &dumped)
        #expect(dumped.contains(#"- type: "box""#) && !dumped.contains("Storage"))
    }

    /// Every property is settable and a model is a value: changing a copy leaves the original
    /// as it was, whether the model stores its values itself or shares them with its copies.
    @Test func changingACopyLeavesTheOriginal() throws {
        // A small struct, which stores its values inline.
        let person = Person(name: "Kana", nickname: "K")
        var renamed = person
        renamed.name = "New"
        renamed.nickname = nil
        #expect(person.name == "Kana" && person.nickname == "K")
        #expect(renamed.name == "New" && renamed.nickname == nil)

        // A struct whose copies share its values until one changes: a required and an optional one.
        let item = try decode(Item.self, Self.itemJSON)
        var copy = item
        copy.type = "New"
        copy.nullableName = "named"
        copy.owner?.name = "Kano"
        #expect(item.type == "box" && item.nullableName == nil && item.owner?.name == "Kana")
        #expect(copy.type == "New" && copy.nullableName == "named" && copy.owner?.name == "Kano")
        #expect(copy.id == item.id && copy.children == item.children)
        #expect(copy != item)
        #expect(try decode(Item.self, Self.itemJSON) == item)

        // Changed back, the copy equals the original again, hashes included: the decoded
        // `null` is set back in its three states (the plain optional's nil leaves the key out).
        copy.type = item.type
        copy.nullableName = nil
        #expect(copy.nullableNullableName == nil && item.nullableNullableName == .null)
        copy.nullableNullableName = item.nullableNullableName
        copy.owner = item.owner
        #expect(copy == item && copy.hashValue == item.hashValue)
    }

    /// A recursive property is settable too, down the chain, without changing the copy it
    /// came from.
    @Test func changingARecursivePropertyLeavesTheOriginal() throws {
        let node = try decode(TreeNode.self, #"{"name": "leaf", "parent": {"name": "root"}}"#)
        var copy = node
        copy.parent?.name = "other root"
        copy.parent?.parent = TreeNode(name: "grandparent")
        #expect(node.parent?.name == "root" && node.parent?.parent == nil)
        #expect(copy.parent?.name == "other root" && copy.parent?.parent?.name == "grandparent")
        copy.parent = nil
        #expect(copy.parent == nil && node.parent?.name == "root")
    }

    /// A property changes in place when no other copy shares the model's values: appending to
    /// an array property grows the array where it is, as appending to an array variable does,
    /// instead of copying it for each change. A copy made before keeps what it had.
    @Test func aPropertyChangesInPlace() throws {
        var item = try decode(Item.self, Self.itemJSON)
        let child = try #require(item.children?.first)
        item.children?.reserveCapacity(8)
        func elements(_ item: Item) -> UnsafePointer<Item>? {
            item.children?.withUnsafeBufferPointer(\.baseAddress)
        }
        let reserved = elements(item)
        item.children?.append(child)
        item.children?.append(child)
        #expect(item.children?.count == 3)
        #expect(elements(item) == reserved)

        let before = item
        item.children?.append(child)
        #expect(before.children?.count == 3 && item.children?.count == 4)
        #expect(elements(before) == reserved && elements(item) != reserved)
    }

    /// The changed value is what gets encoded.
    @Test func aChangedValueEncodesAsChanged() throws {
        var item = try decode(Item.self, Self.itemJSON)
        item.type = "crate"
        item.dueOn = nil
        let decoded = try Coding.standard.decode(Item.self, from: try Coding.standard.encode(item))
        #expect(decoded == item && decoded.type == "crate" && decoded.dueOn == nil)
    }
}
