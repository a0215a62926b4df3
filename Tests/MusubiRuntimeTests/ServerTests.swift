import Foundation
import MusubiRuntime
import Testing

@Suite struct ServerTests {
    @Test func relativeServerIsAPathOnTheGivenOrigin() {
        let origin = URL(string: "https://example.com")!
        #expect(Server(path: "/v2", on: origin).url.absoluteString == "https://example.com/v2")
        #expect(Server(path: "/api/v1/", on: origin).url.absoluteString == "https://example.com/api/v1")
        #expect(Server(path: "/", on: origin).url == origin)
        #expect(
            Server(path: "v3", on: URL(string: "http://localhost:8080/base")!).url.absoluteString
                == "http://localhost:8080/base/v3")
    }

    @Test func absoluteServerKeepsItsURL() {
        #expect(Server("https://api.example.com/v1").url.absoluteString == "https://api.example.com/v1")
    }
}
