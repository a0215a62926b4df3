// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import StreamsClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md", line: 96)
let options = CallOptions(headers: ["X-Trace": "nightly"], timeout: .seconds(30))
for try await tick in try await client.stream(WatchTicks(count: 10), options: options) {
    print(tick)
}
#sourceLocation()
}
