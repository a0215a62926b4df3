// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import StreamsClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 429)
let request = CreateChat(body: ChatRequest(prompt: "Hello", stream: true))
for try await event in try await client.stream(request) {
    switch event {
    case .textDelta(let delta): print(delta.delta, terminator: "")
    case .completed(let done): print("\n", done.id)
    case .unknown: break
    }
}
#sourceLocation()
}
