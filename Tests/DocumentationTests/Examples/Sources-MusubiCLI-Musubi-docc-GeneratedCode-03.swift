// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import ParametersClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 277)
let production = Client(server: .parameters.production(region: .usEast, version: "v2"))
let europe = Client(server: .parameters.production())
let local = Client(baseURL: URL(string: "http://127.0.0.1:8080/v1")!)
#sourceLocation()
}
