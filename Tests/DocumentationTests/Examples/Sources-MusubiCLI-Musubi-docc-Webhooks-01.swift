// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/Webhooks.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import SecurityClient

#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/Webhooks.md", line: 64)

func handleSecurityWebhook(headers: HTTPHeaders, body: Data, secret: String) throws {
    let request = WebhookRequest(method: .post, headers: headers, body: body)
    try WebhookSignature.verifyStripe(request, secret: secret, tolerance: .seconds(300))
    switch try SecurityWebhookEvent(request: request) {
    case .accountDeleted(let event):
        print("account \(event.account) was deleted")
    case .unknown(let name, _):
        print("ignoring the event \(name ?? "without a name")")
    }
}
#sourceLocation()
