// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 100)
let pet = Pet(id: 1, name: "Rex")
var renamed = pet
renamed.name = "Max"
renamed.owner = PetOwner(displayName: "Alice")
// pet.name is still "Rex", and pet.owner nil.
#sourceLocation()
}
