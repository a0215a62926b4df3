// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/MusubiRuntime.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/MusubiRuntime.md", line: 14)

let client = Client(server: .petstore.production)
let pet = try await client.send(ShowPetByID(petID: "42"))     // pet: Pet
#sourceLocation()
}
