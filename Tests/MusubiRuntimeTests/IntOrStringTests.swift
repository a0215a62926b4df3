import Foundation
import MusubiRuntime
import Testing

/// Kubernetes' ports and rollout limits, `type: string` with `format: int-or-string`, hold
/// numbers as often as strings.
@Suite struct IntOrStringTests {
    private struct Port: Codable, Hashable {
        var targetPort: IntOrString
    }

    @Test func decodesEitherKind() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Port.self, from: Data(#"{"targetPort": 8080}"#.utf8)).targetPort == .int(8080))
        #expect(try decoder.decode(Port.self, from: Data(#"{"targetPort": "http"}"#.utf8)).targetPort == "http")
        #expect(throws: DecodingError.self) {
            try decoder.decode(Port.self, from: Data(#"{"targetPort": 1.5}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Port.self, from: Data(#"{"targetPort": null}"#.utf8))
        }
    }

    @Test func encodesAsItWasWritten() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode(Port(targetPort: 8080)), as: UTF8.self) == #"{"targetPort":8080}"#)
        #expect(
            String(decoding: try encoder.encode(Port(targetPort: "25%")), as: UTF8.self) == #"{"targetPort":"25%"}"#)
    }

    @Test func readsAndPrints() {
        let port: IntOrString = 8080
        let surge: IntOrString = "25%"
        #expect(port.intValue == 8080 && port.stringValue == nil)
        #expect(surge.stringValue == "25%" && surge.intValue == nil)
        #expect("\(port) \(surge)" == "8080 25%")
        #expect(port.parameterValue == "8080")
    }
}
