// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import StreamsClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md", line: 62)
for try await tick in try await client.stream(WatchTicks(count: 10)) {
    print(tick)
}
#sourceLocation()
}
