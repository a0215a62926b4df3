// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import SecurityClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md", line: 29)
let credentials: [Credential] = [
    .apiKey(.security.apiKeyHeader, "secret"),
    .bearer(.security.petstoreAuth) { try await tokens.current() } refresh: { rejected in
        try await tokens.refresh(after: rejected)
    },
]
#sourceLocation()
}
