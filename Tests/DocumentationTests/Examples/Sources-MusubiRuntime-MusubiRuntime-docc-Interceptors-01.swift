// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md", line: 12)
let client = Client(
    server: .petstore.production,
    interceptors: [.retry(), .authentication(credentials), .logging(label: "petstore")]
)
#sourceLocation()
}
