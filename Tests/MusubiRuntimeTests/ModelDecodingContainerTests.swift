import Foundation
import MusubiRuntime
import Testing

/// What generated `init(from:)`s decode through: the standard container, keyed by static strings.
@Suite struct ModelDecodingContainerTests {
    private struct Sample: Decodable {
        let id: Int
        let name: String?
        let size: Double?
        let site: URL?
        let long: String

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            self.id = try container.decode(Int.self, forKey: "id")
            self.name = try container.decodeIfPresent(String.self, forKey: "name")
            self.size = try container.decodeIfPresent(Double.self, forKey: "größe")
            self.site = try container.decodeURLIfPresent(forKey: "site")
            self.long = try container.decode(String.self, forKey: "a key longer than fifteen bytes")
        }
    }

    @Test func decodesByStaticKeys() throws {
        let json = #"{"id": 3, "größe": 1.5, "site": "", "a key longer than fifteen bytes": "x"}"#
        let sample = try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
        #expect(sample.id == 3)
        #expect(sample.name == nil)
        #expect(sample.size == 1.5)
        #expect(sample.site == nil)
        #expect(sample.long == "x")
    }

    @Test func aMissingKeyIsNamedInTheError() {
        let json = #"{"größe": 1.5, "a key longer than fifteen bytes": "x"}"#
        #expect {
            try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "id"
        }
    }
}
