import Foundation
import MusubiRuntime
import Testing

@Suite struct RedirectCredentialsTests {
    private let request = HTTPRequest(
        method: .get, url: URL(string: "https://api.example.com/v1/pets")!, credentialHeaderNames: ["X-API-Key"])

    @Test(arguments: [
        "https://api.example.com/v2/pets", "https://API.example.com:443/other", "https://api.example.com/?q=1",
    ])
    func sameOriginKeepsEverything(target: String) {
        #expect(request.headersToRemove(forRedirectTo: URL(string: target)!).isEmpty)
    }

    @Test(arguments: [
        "https://evil.example/pets", "http://api.example.com/v1/pets", "https://api.example.com:8443/v1/pets",
    ])
    func anotherOriginDropsEveryCredentialHeader(target: String) {
        #expect(
            request.headersToRemove(forRedirectTo: URL(string: target)!)
                == ["Authorization", "Proxy-Authorization", "Cookie", "X-API-Key"])
    }
}
