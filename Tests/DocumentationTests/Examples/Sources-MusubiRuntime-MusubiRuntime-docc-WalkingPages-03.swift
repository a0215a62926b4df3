// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/WalkingPages.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/WalkingPages.md", line: 68)
do {
    for try await pet in client.all(ListPets()) {
        print(pet.name)
    }
} catch {
    print("stopped: \(error)")
}
#sourceLocation()
}
