// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import SecurityClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md", line: 51)
let service = OAuth2TokenProvider.clientCredentials(
    .security.petstoreAuth, clientID: "reports-job", clientSecret: "secret", scopes: ["read:pets"])
let client = Client(
    server: .security.production,
    interceptors: [.retry(), .authentication([.oauth2(service)]), .logging(label: "store")]
)
#sourceLocation()
}
