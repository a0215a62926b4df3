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
        #expect(Server("https://api.example.com/a%20b").url.absoluteString == "https://api.example.com/a%20b")
    }

    /// A spec's server URL, or a variable's value, may hold what no URL can: it is
    /// percent-encoded rather than making the server (and every request sent to it) a crash.
    @Test func charactersNoURLCanHoldArePercentEncoded() {
        #expect(Server("https://example.com/{undeclared}").url.absoluteString == "https://example.com/%7Bundeclared%7D")
        #expect(Server("https://example.com/a b\"c").url.absoluteString == "https://example.com/a%20b%22c")
        #expect(Server("https://example.com/größe").url.absoluteString == "https://example.com/gr%C3%B6%C3%9Fe")
    }
}
