// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md", line: 79)
let policy = RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), maxDelay: .seconds(20), jitter: .full)
let client = Client(server: .petstore.production, interceptors: [.retry(policy)])
#sourceLocation()
}
