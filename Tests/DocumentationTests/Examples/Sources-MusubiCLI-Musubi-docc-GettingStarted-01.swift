// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GettingStarted.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GettingStarted.md", line: 61)

let client = Client(server: .petstore.production)
let pet: Pet = try await client.send(ShowPetByID(petID: "42"))
print(pet.name)

let created = try await client.send(CreatePet(body: NewPet(name: "Tama", tag: "cat")))
print(created.id)
#sourceLocation()
}
