// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/SendingRequests.md", line: 131)
extension ShowPetByID {
    func intercept(request: HTTPRequest) throws -> HTTPRequest {
        var request = request
        request.headers.set("Cache-Control", "no-cache")
        return request
    }
}
#sourceLocation()
