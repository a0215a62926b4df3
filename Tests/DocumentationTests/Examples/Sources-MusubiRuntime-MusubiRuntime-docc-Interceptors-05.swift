// swift-format-ignore-file
// Extracted from Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import PetstoreClient

#sourceLocation(file: "Sources/MusubiRuntime/MusubiRuntime.docc/Interceptors.md", line: 106)
extension Interceptor {
    static func requestID() -> Interceptor {
        Interceptor { request, next in
            var request = request
            request.headers.set("X-Request-ID", UUID().uuidString)
            return try await next(request)
        }
    }
}
#sourceLocation()
