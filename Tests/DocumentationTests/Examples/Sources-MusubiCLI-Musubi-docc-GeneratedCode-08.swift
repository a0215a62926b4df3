// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import SecurityClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 379)
let client = Client(
    server: .security.production,
    interceptors: [
        .retry(),
        .authentication([
            .apiKey(.security.apiKeyHeader, "secret"),
            .basic(.security.basicAuth, username: "alice", password: "wonderland"),
            .bearer(.security.petstoreAuth) { try await tokens.current() } refresh: { rejected in
                try await tokens.refresh(after: rejected)
            },
        ]),
    ])
let account = try await client.send(GetMe())
#sourceLocation()
}
