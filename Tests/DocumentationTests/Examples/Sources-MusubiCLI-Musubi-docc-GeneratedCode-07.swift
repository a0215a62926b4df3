// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import UploadsClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 353)
do {
    let bytes = try await client.send(DownloadContent(id: 7))
    print(bytes.count)
} catch {
    switch error {
    case .status(_, let problem?, _):
        print(problem.message)
    case .status(let status, nil, let response):
        print(status, response.headers["Retry-After"] ?? "-")
    default:
        print(error)
    }
}
#sourceLocation()
}
