// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md", line: 75)
let pet = try await client.send(
    ShowPetByID(petID: "42"),
    options: CallOptions(headers: ["If-None-Match": "\"v7\""], timeout: .seconds(5), retry: .never)
)
#sourceLocation()
}
