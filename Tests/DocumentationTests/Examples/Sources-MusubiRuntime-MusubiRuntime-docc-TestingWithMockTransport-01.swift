// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/TestingWithMockTransport.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient
import Testing

#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/TestingWithMockTransport.md", line: 14)

@Test func showsThePet() async throws {
    let mock = MockTransport()
    mock.register(ShowPetByID.self, response: Pet(id: 42, name: "Tama"))
    let client = Client(server: .petstore.production, transport: mock)

    let pet = try await client.send(ShowPetByID(petID: "42"))

    #expect(pet.name == "Tama")
    #expect(mock.requests(for: ShowPetByID.self).first?.url.path == "/v1/pets/42")
}
#sourceLocation()
