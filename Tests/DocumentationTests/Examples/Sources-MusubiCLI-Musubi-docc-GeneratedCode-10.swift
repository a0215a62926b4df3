// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 474)
let mock = MockTransport()
mock.register(ShowPetByID.self, response: Pet(id: 42, name: "Tama"))
let client = Client(server: .petstore.production, transport: mock)

let pet = try await client.send(ShowPetByID(petID: "42"))
assert(pet.name == "Tama")
assert(mock.requests(for: ShowPetByID.self).first?.url.path == "/v1/pets/42")
#sourceLocation()
}
