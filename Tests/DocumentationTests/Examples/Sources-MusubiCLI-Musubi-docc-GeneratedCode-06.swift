// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import UploadsClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 341)
let page = try await client.send(SearchRecords(body: SearchForm(criteria: "cat")))
let records: [RecordModel] = page.body.records  // `Record` is a Combine type
let remaining: Int? = page.headers.rateLimitRemaining   // X-Rate-Limit-Remaining
let requestID: UUID = page.headers.requestID            // X-Request-ID, required
#sourceLocation()
}
