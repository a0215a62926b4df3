// swift-format-ignore-file
// Extracted from README.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "README.md", line: 12)

let client = Client(server: .petstore.production)
let pet: Pet = try await client.send(ShowPetByID(petID: "42"))
let page = try await client.send(ListPets(limit: 20))   // page.body: [Pet], page.headers.next
#sourceLocation()
}
