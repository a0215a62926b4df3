// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/GeneratedCode.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import UploadsClient

private func example() async throws {
#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/GeneratedCode.md", line: 315)
let cat = URL(fileURLWithPath: "cat.png")

// multipart/form-data: a file from disk, typed fields, a JSON part, a documented part header
let uploaded = try await client.send(
    UploadFile(
        body: UploadFileBody(file: .file(cat), purpose: .avatar, metadata: FileMetadata(title: "Tama")),
        fileChecksum: "9f86d081"))

// application/octet-stream: the bytes themselves
try await client.send(ReplaceContent(id: 7, body: .file(cat, contentType: "image/png")))

// text/plain
let stored: String = try await client.send(CreateNote(body: "Remember the milk"))

// a body offered as JSON, a form or multipart is an enum: the caller picks
let profile = try await client.send(UpdateProfile(body: .form(Profile(name: "Tama"))))
#sourceLocation()
}
