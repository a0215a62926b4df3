import Foundation
import MusubiRuntime
import Testing

/// Shaped like a generated model with a `readOnly` `id`.
private struct Account: Codable, Sendable {
    var id: Int
    var name: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StringCodingKey.self)
        if !encoder.isEncodingRequestBody {
            try container.encode(id, forKey: "id")
        }
        try container.encode(name, forKey: "name")
    }
}

@Suite struct RequestBodyEncodingTests {
    @Test func requestBodiesLeaveReadOnlyPropertiesOut() throws {
        let body = RequestBody.json(Account(id: 7, name: "Ada"))
        #expect(String(decoding: try body.encode(.standard), as: UTF8.self) == #"{"name":"Ada"}"#)
    }

    @Test func otherEncodingKeepsThem() throws {
        let data = try Coding.standard.encode(Account(id: 7, name: "Ada"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":7,"name":"Ada"}"#)
    }
}
