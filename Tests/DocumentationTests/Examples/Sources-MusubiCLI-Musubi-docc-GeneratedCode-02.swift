// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 146)
// "tag": null removes the pet's tag; without the key the tag stays as it is.
let untagged = try await client.send(PatchPet(petID: "1", body: PetPatch(tag: .null)))
let renamed = try await client.send(PatchPet(petID: "1", body: PetPatch(name: "Rex")))
let retagged = PetPatch(tag: "dog")
let newTag: String? = untagged.tag
let fromOptional = PetPatch(tag: Nullable(newTag))  // nil becomes null
print(renamed, retagged, fromOptional)
#sourceLocation()
}
