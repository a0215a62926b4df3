// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/WalkingPages.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/WalkingPages.md", line: 84)
let options = CallOptions(headers: ["X-Trace": "export"], timeout: .seconds(10))
for try await page in client.pages(ListPets(limit: 100), options: options) {
    print(page.body.count)
}
#sourceLocation()
}
