import Foundation
import MusubiRuntime
import Testing

/// A model with a value of each type the runtime decodes and encodes by the coder's own method
/// for it, required and optional, as Musubi generates it.
private struct Scalars: ModelValue {
    let text: String
    let flag: Bool
    let count: Int
    let small: Int32
    let large: Int64
    let ratio: Double
    let single: Float
    let note: String?
    let total: Int64?
    let site: URL?
    let link: URL
    let other: [String: Int]

    init(
        text: String, flag: Bool, count: Int, small: Int32, large: Int64, ratio: Double, single: Float,
        note: String?, total: Int64?, site: URL?, link: URL, other: [String: Int] = [:]
    ) {
        self.text = text
        self.flag = flag
        self.count = count
        self.small = small
        self.large = large
        self.ratio = ratio
        self.single = single
        self.note = note
        self.total = total
        self.site = site
        self.link = link
        self.other = other
    }

    init(from decoder: any Decoder) throws {
        let container = try ModelDecodingContainer(decoder)
        self.text = try container.decode(String.self, forKey: "text \"quoted\"\\")
        self.flag = try container.decode(Bool.self, forKey: "flag")
        self.count = try container.decode(Int.self, forKey: "count")
        self.small = try container.decode(Int32.self, forKey: "small")
        self.large = try container.decode(Int64.self, forKey: "large_number_of_things")
        self.ratio = try container.decode(Double.self, forKey: "ratio")
        self.single = try container.decode(Float.self, forKey: "single")
        self.note = try container.decodeIfPresent(String.self, forKey: "nöte")
        self.total = try container.decodeIfPresent(Int64.self, forKey: "total")
        self.site = try container.decodeURLIfPresent(forKey: "site")
        self.link = try container.decode(URL.self, forKey: "link")
        self.other = [:]
    }

    static func visitValues<Visitor: ModelVisitor>(
        _ lhs: Self, _ rhs: Self, with visitor: inout Visitor
    ) {
        visitor.value(lhs.text, rhs.text, key: "text \"quoted\"\\")
        visitor.value(lhs.flag, rhs.flag, key: "flag")
        visitor.value(lhs.count, rhs.count, key: "count")
        visitor.value(lhs.small, rhs.small, key: "small")
        visitor.value(lhs.large, rhs.large, key: "large_number_of_things")
        visitor.value(lhs.ratio, rhs.ratio, key: "ratio")
        visitor.value(lhs.single, rhs.single, key: "single")
        visitor.optional(lhs.note, rhs.note, key: "nöte", options: .readOnly)
        visitor.optional(lhs.total, rhs.total, key: "total", options: .writesNull)
        visitor.optional(lhs.site, rhs.site, key: "site")
        visitor.value(lhs.link, rhs.link, key: "link")
        visitor.otherMembers(lhs.other, rhs.other)
    }
}

/// Strings, booleans and numbers go to the coder's method for their type, as synthesized
/// `Codable` sends them, and come out as they went in.
@Suite struct ModelScalarCodingTests {
    private static let sample = makeSample(other: [:])

    private static func makeSample(other: [String: Int]) -> Scalars {
        Scalars(
            text: "a \"b\" \\ c", flag: true, count: Int.min, small: Int32.max, large: Int64.max, ratio: 0.1,
            single: 1.5, note: "ünïcödé 🎉", total: nil, site: URL(string: "https://example.com/a%20b?q=ü"),
            link: URL(string: "../relative/path")!, other: other)
    }

    private static let json = #"""
        {"count":-9223372036854775808,"flag":true,"large_number_of_things":9223372036854775807,\#
        "link":"..\/relative\/path","nöte":"ünïcödé 🎉","ratio":0.1,"single":1.5,"site":"https:\/\/example.com\/a%20b?q=%C3%BC",\#
        "small":2147483647,"text \"quoted\"\\":"a \"b\" \\ c","total":null}
        """#.replacingOccurrences(of: "\n", with: "")

    @Test func encodesEachValueUnderItsKey() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(Self.sample), as: UTF8.self) == Self.json)
    }

    @Test func decodesWhatItEncodes() throws {
        let decoded = try JSONDecoder().decode(Scalars.self, from: Data(Self.json.utf8))
        #expect(decoded == Self.sample)
        #expect(decoded.large == Int64.max && decoded.count == Int.min && decoded.note == "ünïcödé 🎉")
    }

    @Test(arguments: [
        (#""small":2147483647"#, #""small":"1""#, "small"),
        (#""flag":true"#, #""flag":"true""#, "flag"),
        (#""nöte":"ünïcödé 🎉""#, #""nöte":1"#, "nöte"),
    ])
    func aValueOfTheWrongTypeFailsWithItsKey(member: String, replacement: String, key: String) {
        let json = Self.json.replacingOccurrences(of: member, with: replacement)
        #expect(json != Self.json)
        #expect {
            try JSONDecoder().decode(Scalars.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.last?.stringValue == key
        }
    }

    @Test func scalarsGoToTheEncodersMethodForTheirType() throws {
        let recorder = CallRecorder()
        try Self.makeSample(other: ["extra": 1]).encode(to: RecordingEncoder(recorder: recorder))
        #expect(
            recorder.calls == [
                "String text \"quoted\"\\", "Bool flag", "Int count", "Int32 small", "Int64 large_number_of_things",
                "Double ratio", "Float single", "String nöte", "nil total", "String site", "String link",
                "Int extra",
            ])
    }

    @Test func scalarsComeFromTheDecodersMethodForTheirType() throws {
        let recorder = CallRecorder()
        _ = try Scalars(from: RecordingDecoder(recorder: recorder))
        #expect(
            recorder.calls == [
                "String text \"quoted\"\\", "Bool flag", "Int count", "Int32 small", "Int64 large_number_of_things",
                "Double ratio", "Float single", "String? nöte", "Int64? total", "String? site", "String link",
            ])
    }

    /// A link is written as `JSONEncoder` writes a `URL`, and read back equal, whatever it holds.
    @Test(arguments: [
        "https://example.com/a b", "https://example.com/ünï/cödé?q=🎉#frag", "../relative/path?x=1",
        "mailto:someone@example.com", "https://user:pass@example.com:8443/p;params",
    ])
    func aLinkIsWrittenAsFoundationWritesItAndReadBackEqual(text: String) throws {
        let link = try #require(URL(string: text))
        let model = Scalars(
            text: "", flag: false, count: 0, small: 0, large: 0, ratio: 0, single: 0, note: nil, total: nil,
            site: link, link: link)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(model), as: UTF8.self)
        let foundation = String(decoding: try encoder.encode(["link": link]), as: UTF8.self).dropFirst().dropLast()
        let site = String(decoding: try encoder.encode(["site": link]), as: UTF8.self).dropFirst().dropLast()
        #expect(json.contains(String(foundation)) && json.contains(String(site)))
        let decoded = try JSONDecoder().decode(Scalars.self, from: Data(json.utf8))
        #expect(decoded == model)
        #expect(decoded.link.absoluteString == link.absoluteString)
    }

    /// A link decodes to the URL `URL(string:)` makes of its text, whether the text has
    /// characters to percent-encode or not, as a synthesized `init(from:)` decodes it.
    @Test(arguments: [
        "https://api.github.com/repos/o/r/issues/1?state=open#top", "https://example.com/a b",
        "https://example.com/{sha}", "https://例え.jp/ü", "http://[::1]:8080/p", "https://example.com/%41%zz",
        "mailto:someone@example.com", "../relative/path", "https://example.com/a^b|c[d]", " ",
    ])
    func aLinkDecodesAsFoundationParsesItsText(text: String) throws {
        let expected = try #require(URL(string: text))
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? [String: Any])
        object["link"] = text
        object["site"] = text
        let decoded = try JSONDecoder().decode(Scalars.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(decoded.link == expected && decoded.site == expected)
        #expect(decoded.link.absoluteString == expected.absoluteString)
    }

    /// Text Foundation makes no URL of fails, however it is parsed.
    @Test func unparseableLinkTextFailsWithItsKey() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? [String: Any])
        object["link"] = "http://[::1"
        let json = try JSONSerialization.data(withJSONObject: object)
        #expect {
            try JSONDecoder().decode(Scalars.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.last?.stringValue == "link"
        }
    }

    /// A required link sent as `""` (Mastodon's `PreviewCard.author_url`) is the empty URL,
    /// written back as `""`; an optional one is nil.
    @Test func anEmptyRequiredLinkIsTheEmptyURLAndWrittenBackEmpty() throws {
        let json = Self.json.replacingOccurrences(of: #""link":"..\/relative\/path""#, with: #""link":"""#)
            .replacingOccurrences(of: #""site":"https:\/\/example.com\/a%20b?q=%C3%BC""#, with: #""site":"""#)
        #expect(json != Self.json)
        let decoded = try JSONDecoder().decode(Scalars.self, from: Data(json.utf8))
        #expect(decoded.link.absoluteString.isEmpty && decoded.link.host == nil)
        #expect(decoded.site == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = String(decoding: try encoder.encode(decoded), as: UTF8.self)
        #expect(encoded.contains(#""link":"""#) && !encoded.contains("site"))
        #expect(try JSONDecoder().decode(Scalars.self, from: Data(encoded.utf8)) == decoded)
    }

    /// Other text Foundation makes no URL of still fails (which text that is differs between
    /// Foundation's parsers).
    @Test func textThatIsNoURLFailsWithItsKey() throws {
        let invalid = ["http://[::1", "https://example.com:99999/", "http://example.com:x/", "http://[zz]/"].filter {
            URL(string: $0) == nil
        }
        #expect(!invalid.isEmpty)
        for text in invalid {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? [String: Any])
            object["link"] = text
            let json = try JSONSerialization.data(withJSONObject: object)
            #expect {
                try JSONDecoder().decode(Scalars.self, from: json)
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.codingPath.last?.stringValue == "link"
            }
        }
    }

    /// A read-only value is looked up in the encoder's `userInfo` only for a read-only value,
    /// and still left out of a request body.
    @Test func aReadOnlyValueIsLeftOutOfARequestBodyOnly() throws {
        let body = String(decoding: try Coding.standard.encodeRequestBody(Self.sample), as: UTF8.self)
        #expect(!body.contains("nöte") && body.contains("single"))
        #expect(String(decoding: try Coding.standard.encode(Self.sample), as: UTF8.self).contains("nöte"))
    }
}

/// A reference to another object, as PagerDuty writes one: its `id` read-only yet required.
private struct Reference: ModelValue {
    var id: String
    var type: String

    init(id: String, type: String) {
        self.id = id
        self.type = type
    }

    init(from decoder: any Decoder) throws {
        let container = try ModelDecodingContainer(decoder)
        id = try container.decode(String.self, forKey: "id")
        type = try container.decode(String.self, forKey: "type")
    }

    static func visitValues<Visitor: ModelVisitor>(_ lhs: Self, _ rhs: Self, with visitor: inout Visitor) {
        visitor.value(lhs.id, rhs.id, key: "id", options: .readOnlyAtTop)
        visitor.value(lhs.type, rhs.type, key: "type")
    }
}

/// An incident naming its service by a reference.
private struct Incident: ModelValue {
    var service: Reference

    init(service: Reference) { self.service = service }

    init(from decoder: any Decoder) throws {
        service = try ModelDecodingContainer(decoder).decode(Reference.self, forKey: "service")
    }

    static func visitValues<Visitor: ModelVisitor>(_ lhs: Self, _ rhs: Self, with visitor: inout Visitor) {
        visitor.value(lhs.service, rhs.service, key: "service")
    }
}

/// A required read-only value is the server's in the body's own object (an `id` it assigns to
/// what is created), and names the object anywhere inside it.
@Suite struct RequiredReadOnlyTests {
    @Test func itIsLeftOutOfTheBodysOwnObjectAndSentInsideIt() throws {
        let reference = Reference(id: "PWIXJZS", type: "service_reference")
        func text(_ value: some Encodable) throws -> String {
            String(decoding: try Coding.standard.encodeRequestBody(value), as: UTF8.self)
        }
        #expect(try text(reference) == #"{"type":"service_reference"}"#)
        #expect(try text([reference]) == #"[{"type":"service_reference"}]"#)
        #expect(try text(Incident(service: reference)) == #"{"service":{"id":"PWIXJZS","type":"service_reference"}}"#)
        // Anything but a request body has every value.
        #expect(String(decoding: try Coding.standard.encode(reference), as: UTF8.self).contains("PWIXJZS"))
    }
}

/// The container methods a model's coding called, in order: the type (`generic` before it
/// for the generic method) and the key.
private final class CallRecorder: @unchecked Sendable {
    var calls: [String] = []
}

private struct RecordingEncoder: Encoder {
    let recorder: CallRecorder
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed(recorder: recorder))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("not used") }
    func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("not used") }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: CallRecorder
        var codingPath: [any CodingKey] { [] }

        private func record(_ type: String, _ key: Key) { recorder.calls.append(type + " " + key.stringValue) }

        mutating func encodeNil(forKey key: Key) { record("nil", key) }
        mutating func encode(_ value: Bool, forKey key: Key) { record("Bool", key) }
        mutating func encode(_ value: String, forKey key: Key) { record("String", key) }
        mutating func encode(_ value: Double, forKey key: Key) { record("Double", key) }
        mutating func encode(_ value: Float, forKey key: Key) { record("Float", key) }
        mutating func encode(_ value: Int, forKey key: Key) { record("Int", key) }
        mutating func encode(_ value: Int8, forKey key: Key) { record("Int8", key) }
        mutating func encode(_ value: Int16, forKey key: Key) { record("Int16", key) }
        mutating func encode(_ value: Int32, forKey key: Key) { record("Int32", key) }
        mutating func encode(_ value: Int64, forKey key: Key) { record("Int64", key) }
        mutating func encode(_ value: UInt, forKey key: Key) { record("UInt", key) }
        mutating func encode(_ value: UInt8, forKey key: Key) { record("UInt8", key) }
        mutating func encode(_ value: UInt16, forKey key: Key) { record("UInt16", key) }
        mutating func encode(_ value: UInt32, forKey key: Key) { record("UInt32", key) }
        mutating func encode(_ value: UInt64, forKey key: Key) { record("UInt64", key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) { record("generic \(T.self)", key) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> { fatalError("not used") }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { fatalError("not used") }
        mutating func superEncoder() -> any Encoder { fatalError("not used") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("not used") }
    }
}

/// Answers every call with a value of the type asked for (a URL's text for a string).
private struct RecordingDecoder: Decoder {
    let recorder: CallRecorder
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed(recorder: recorder))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { fatalError("not used") }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { fatalError("not used") }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let recorder: CallRecorder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        private func record(_ type: String, _ key: Key) { recorder.calls.append(type + " " + key.stringValue) }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) -> Bool {
            record("nil", key)
            return false
        }
        func decode(_ type: Bool.Type, forKey key: Key) -> Bool {
            record("Bool", key)
            return true
        }
        func decode(_ type: String.Type, forKey key: Key) -> String {
            record("String", key)
            return "https://example.com"
        }
        func decode(_ type: Double.Type, forKey key: Key) -> Double {
            record("Double", key)
            return 1
        }
        func decode(_ type: Float.Type, forKey key: Key) -> Float {
            record("Float", key)
            return 1
        }
        func decode(_ type: Int.Type, forKey key: Key) -> Int {
            record("Int", key)
            return 1
        }
        func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { 1 }
        func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { 1 }
        func decode(_ type: Int32.Type, forKey key: Key) -> Int32 {
            record("Int32", key)
            return 1
        }
        func decode(_ type: Int64.Type, forKey key: Key) -> Int64 {
            record("Int64", key)
            return 1
        }
        func decode(_ type: UInt.Type, forKey key: Key) -> UInt { 1 }
        func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { 1 }
        func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { 1 }
        func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { 1 }
        func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { 1 }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            record("generic \(T.self)", key)
            throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "not recorded"))
        }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) -> String? {
            record("String?", key)
            return "https://example.com"
        }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) -> Int64? {
            record("Int64?", key)
            return 1
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> { fatalError("not used") }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { fatalError("not used") }
        func superDecoder() throws -> any Decoder { fatalError("not used") }
        func superDecoder(forKey key: Key) throws -> any Decoder { fatalError("not used") }
    }
}
