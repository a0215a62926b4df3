// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import UploadsClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md", line: 41)
let photo = URL(fileURLWithPath: "/tmp/photo.jpg")
_ = try await client.send(ReplaceContent(id: 7, body: .file(photo, contentType: "image/jpeg")))
#sourceLocation()
}
