import Foundation
import MusubiRuntime
import Testing

/// `Nullable`: the three states of an optional property that may be null, as a model keeps,
/// decodes, encodes, compares and hashes them.
@Suite struct NullableTests {
    /// A model as generated for `{milestone: {type: [integer, "null"]}, title: {type: [string,
    /// "null"]}, due: …, site: {type: [string, "null"], format: uri}}`, none required.
    private struct Update: ModelValue {
        let milestone: Nullable<Int>?
        let title: Nullable<String>?
        let due: Nullable<Date>?
        let site: Nullable<URL>?

        init(
            milestone: Nullable<Int>? = nil, title: Nullable<String>? = nil, due: Nullable<Date>? = nil,
            site: Nullable<URL>? = nil
        ) {
            self.milestone = milestone
            self.title = title
            self.due = due
            self.site = site
        }

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            milestone = try container.decodeNullableIfPresent(Int.self, forKey: "milestone")
            title = try container.decodeNullableIfPresent(String.self, forKey: "title")
            due = try container.decodeNullableIfPresent(Date.self, forKey: "due")
            site = try container.decodeNullableURLIfPresent(forKey: "site")
        }

        static func visitValues<Visitor: ModelVisitor>(
            _ lhs: Self, _ rhs: Self, with visitor: inout Visitor
        ) {
            visitor.nullable(lhs.milestone, rhs.milestone, key: "milestone")
            visitor.nullable(lhs.title, rhs.title, key: "title")
            visitor.nullable(lhs.due, rhs.due, key: "due")
            visitor.nullable(lhs.site, rhs.site, key: "site")
        }
    }

    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func update(_ json: String) throws -> Update {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(Update.self, from: Data(json.utf8))
    }

    @Test func absentNullAndAValueEncodeAsTheyAre() throws {
        #expect(try json(Update()) == "{}")
        #expect(try json(Update(milestone: .null)) == #"{"milestone":null}"#)
        #expect(try json(Update(milestone: 3)) == #"{"milestone":3}"#)
        #expect(try json(Update(milestone: .value(4), site: .null)) == #"{"milestone":4,"site":null}"#)
    }

    @Test func decodingKeepsTheThreeStates() throws {
        #expect(try update("{}").milestone == nil)
        #expect(try update(#"{"milestone": null}"#).milestone == .null)
        #expect(try update(#"{"milestone": 5}"#).milestone == .value(5))
        // Strings (read with the decoder's own method for them) the same way.
        #expect(try update("{}").title == nil)
        #expect(try update(#"{"title": null}"#).title == .null)
        #expect(try update(#"{"title": ""}"#).title == .value(""))
        // A wrong type still fails, naming the key.
        for text in [#"{"milestone": "five"}"#, #"{"title": 5}"#] {
            let error = try #require(throws: DecodingError.self) { try update(text) }
            guard case .typeMismatch(_, let context) = error else {
                Issue.record("expected a type mismatch, got \(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == [text.contains("title") ? "title" : "milestone"])
        }
    }

    @Test func reencodingWhatWasDecodedKeepsTheExplicitNull() throws {
        for text in [
            "{}", #"{"milestone":null}"#, #"{"milestone":5}"#,
            #"{"due":null,"milestone":null,"site":null,"title":null}"#, #"{"milestone":1,"title":"Ship"}"#,
        ] {
            #expect(try json(update(text)) == text)
        }
    }

    /// The encoder's date strategy applies to a wrapped date, as it does to a plain one.
    @Test func aWrappedValueUsesTheCodersStrategies() throws {
        let due = Date(timeIntervalSince1970: 86_400)
        #expect(try json(Update(due: .value(due))) == #"{"due":86400}"#)
        #expect(try update(#"{"due": 86400}"#).due == .value(due))
    }

    /// An empty string is no link: absent, as for a plain optional URL.
    @Test func anEmptyURLIsNoLink() throws {
        #expect(try update(#"{"site": ""}"#).site == nil)
        #expect(try update(#"{"site": null}"#).site == .null)
        #expect(try update(#"{"site": "https://example.com"}"#).site == .value(URL(string: "https://example.com")!))
    }

    /// A URL is written as its `absoluteString` for any encoder, as a plain one is, not as
    /// the keyed object `URL`'s own `encode(to:)` makes outside `JSONEncoder`.
    @Test func aWrappedURLIsWrittenAsItsText() throws {
        let site = URL(string: "https://example.com/a?b=c")!
        let encoded = try PropertyListEncoder().encode(Update(site: .value(site)))
        let members = try PropertyListDecoder().decode([String: String].self, from: encoded)
        #expect(members == ["site": "https://example.com/a?b=c"])
    }

    /// `==` and the hash tell null from absent: the two are different requests.
    @Test func nullAndAbsentAreDifferentValues() throws {
        let values = [Update(), Update(milestone: .null), Update(milestone: 0)]
        #expect(Set(values).count == 3)
        #expect(try update(#"{"milestone": null}"#) == Update(milestone: .null))
        #expect(try update("{}") == Update())
        #expect(Update(milestone: .null).hashValue == Update(milestone: .null).hashValue)
    }

    /// `==` tells the case first, then the value; equal values hash alike.
    @Test func equalityComparesTheCaseThenTheValue() {
        let values: [Nullable<String>] = [.null, "", "a", "b"]
        for (index, value) in values.enumerated() {
            for (otherIndex, other) in values.enumerated() {
                #expect((value == other) == (index == otherIndex), "\(value) and \(other)")
            }
        }
        #expect(Set(values + values).count == 4)
        #expect(Nullable<String>("a").hashValue == Nullable<String>("a").hashValue)
        #expect(Nullable<String>.null.hashValue == Nullable<String>(nil).hashValue)
    }

    @Test func literalsAndOptionalsMakeValues() {
        let integer: Nullable<Int> = 3
        let double: Nullable<Double> = 1.5
        let flag: Nullable<Bool> = true
        let text: Nullable<String> = "text"
        let list: Nullable<[String]> = ["a", "b"]
        #expect(integer == .value(3))
        #expect(double == .value(1.5))
        #expect(flag == .value(true))
        #expect(text == .value("text"))
        #expect(list == .value(["a", "b"]))
        #expect(Nullable<Int>(nil) == .null)
        #expect(Nullable(7) == .value(7))
        #expect(integer.wrapped == 3)
        #expect(Nullable<Int>.null.wrapped == nil)
    }

    @Test func printingShowsNullOrTheValue() {
        let text: Nullable<String> = "Kana"
        #expect(String(describing: text) == "Kana")
        #expect(String(reflecting: text) == #""Kana""#)
        #expect(String(describing: Nullable<String>.null) == "null")
        #expect(String(describing: Optional(Nullable<String>.null)) == "Optional(null)")
    }
}
