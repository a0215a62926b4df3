// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md", line: 118)
let task = client.send(ShowPetByID(petID: "42")) { result in
    print(result)
}
task.cancel()
#sourceLocation()
}
