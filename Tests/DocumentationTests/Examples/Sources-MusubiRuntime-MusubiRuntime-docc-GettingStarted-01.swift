// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/GettingStarted.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/GettingStarted.md", line: 41)

let client = Client(server: .petstore.production)

let pet = try await client.send(ShowPetByID(petID: "42"))
print(pet.name)

let created = try await client.send(CreatePet(body: NewPet(name: "Tama", tag: "cat")))
#sourceLocation()
}
