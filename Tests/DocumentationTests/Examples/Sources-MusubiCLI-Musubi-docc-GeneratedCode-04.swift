// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import IdentityClient
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 290)

let pets = Client(server: .petstore.production)
let identity = Client(server: .identity.production)
#sourceLocation()
}
