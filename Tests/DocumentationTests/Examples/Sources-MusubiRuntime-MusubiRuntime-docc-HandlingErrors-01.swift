// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/HandlingErrors.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/HandlingErrors.md", line: 11)
do {
    let pet = try await client.send(ShowPetByID(petID: "42"))
    print(pet.name)
} catch {
    switch error {
    case .status(404, _, _):
        print("no such pet")
    case .status(let status, let failure?, _):
        print(status, failure.message)          // failure: ErrorModel
    case .status(let status, nil, let response):
        print(status, String(decoding: response.body, as: UTF8.self))
    case .transport(let underlying):
        print("no response:", underlying)
    case .decoding(let codingPath, let detail):
        print("unexpected body at \(codingPath): \(detail)")
    case .encoding(let detail):
        print("not sent:", detail)
    case .timedOut(let timeout):
        print("no response within", timeout)
    }
}
#sourceLocation()
}
