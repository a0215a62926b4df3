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
        #expect(try body.encode(.standard).body == .data(Data(#"{"name":"Ada"}"#.utf8)))
    }

    @Test func formsAndMultipartLeaveReadOnlyPropertiesOutToo() throws {
        let form = RequestBody.form(Account(id: 7, name: "Ada"))
        #expect(try form.encode(.standard).body == .data(Data("name=Ada".utf8)))
        let parts = try MultipartForm.parts(of: Account(id: 7, name: "Ada"))
        #expect(parts.count == 1)
    }

    @Test func otherEncodingKeepsThem() throws {
        let data = try Coding.standard.encode(Account(id: 7, name: "Ada"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":7,"name":"Ada"}"#)
    }
}
