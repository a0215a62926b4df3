import Foundation
import MusubiRuntime
import Testing

/// A model with UUIDs in each place a generated model holds one.
private struct Job: ModelValue {
    var id: UUID
    var parent: UUID?
    var related: [UUID]
    var nullableReplacement: Nullable<UUID>?

    init(id: UUID, parent: UUID?, related: [UUID], replacement: Nullable<UUID>?) {
        self.id = id
        self.parent = parent
        self.related = related
        self.nullableReplacement = replacement
    }

    init(from decoder: any Decoder) throws {
        let container = try ModelDecodingContainer(decoder)
        self.id = try container.decode(UUID.self, forKey: "id")
        self.parent = try container.decodeIfPresent(UUID.self, forKey: "parent")
        self.related = try container.decode([UUID].self, forKey: "related")
        self.nullableReplacement = try container.decodeNullableIfPresent(UUID.self, forKey: "replacement")
    }

    static func visitValues<Visitor: ModelVisitor>(_ lhs: Self, _ rhs: Self, with visitor: inout Visitor) {
        visitor.value(lhs.id, rhs.id, key: "id")
        visitor.optional(lhs.parent, rhs.parent, key: "parent")
        visitor.value(lhs.related, rhs.related, key: "related")
        visitor.nullable(lhs.nullableReplacement, rhs.nullableReplacement, key: "replacement")
    }
}

/// UUIDs are sent in lowercase, the form RFC 9562 asks for on output, in bodies as in
/// parameters: a server that matches the text it stored (`"id": "3f2a…"`) finds what a decoded
/// model sends back. Foundation's own `Codable` conformance writes `uuidString`, in uppercase.
@Suite struct UUIDCodingTests {
    let first = UUID(uuidString: "3F2A9C1E-7B4D-4E8A-9F00-AB12CD34EF56")!
    let second = UUID(uuidString: "00000000-0000-4000-8000-0000000000AF")!

    @Test func modelsEncodeUUIDsInLowercase() throws {
        let job = Job(id: first, parent: second, related: [first, second], replacement: .value(second))
        let text = String(decoding: try Coding.standard.encode(job), as: UTF8.self)
        #expect(
            text
                == #"{"id":"3f2a9c1e-7b4d-4e8a-9f00-ab12cd34ef56","parent":"00000000-0000-4000-8000-0000000000af","#
                + #""related":["3f2a9c1e-7b4d-4e8a-9f00-ab12cd34ef56","00000000-0000-4000-8000-0000000000af"],"#
                + #""replacement":"00000000-0000-4000-8000-0000000000af"}"#)
        #expect(try Coding.standard.decode(Job.self, from: Data(text.utf8)) == job)
        // Either case decodes.
        let upper = #"{"id":"3F2A9C1E-7B4D-4E8A-9F00-AB12CD34EF56","related":[],"replacement":null}"#
        let decoded = try Coding.standard.decode(Job.self, from: Data(upper.utf8))
        #expect(decoded.id == first)
        #expect(decoded.nullableReplacement == .null)
    }

    @Test func aNullableUUIDOnItsOwnAndAParameterAreLowercaseToo() throws {
        let nullable = try Coding.standard.encode([Nullable.value(first), .null])
        #expect(String(decoding: nullable, as: UTF8.self) == #"["3f2a9c1e-7b4d-4e8a-9f00-ab12cd34ef56",null]"#)
        #expect(first.parameterValue == "3f2a9c1e-7b4d-4e8a-9f00-ab12cd34ef56")
    }
}
