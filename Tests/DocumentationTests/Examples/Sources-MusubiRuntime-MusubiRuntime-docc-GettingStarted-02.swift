// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/GettingStarted.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/GettingStarted.md", line: 58)
let local = Client(baseURL: URL(string: "http://127.0.0.1:8080/v1")!)
#sourceLocation()
}
