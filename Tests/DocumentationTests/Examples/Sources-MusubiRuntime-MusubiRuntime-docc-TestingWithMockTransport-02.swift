// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/TestingWithMockTransport.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/TestingWithMockTransport.md", line: 39)
mock.register(operationID: "listPets") { request in
    HTTPResponse(statusCode: 503, headers: ["Retry-After": "1"])
}
#sourceLocation()
}
