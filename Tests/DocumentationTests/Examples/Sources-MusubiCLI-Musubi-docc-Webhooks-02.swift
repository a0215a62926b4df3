// swift-format-ignore-file
// Extracted from Sources/MusubiCLI/Musubi.docc/Webhooks.md by Scripts/extract-doc-examples.py; edit the Markdown, not this file.

import Foundation
import MusubiRuntime
import SecurityClient

#sourceLocation(file: "Sources/MusubiCLI/Musubi.docc/Webhooks.md", line: 96)

func checkOpenAIWebhook(headers: HTTPHeaders, body: Data, secret: String) throws -> Bool {
    let request = WebhookRequest(method: .post, headers: headers, body: body)
    do throws(WebhookSignatureError) {
        try WebhookSignature.verifyStandardWebhooks(request, secret: secret)
        return true
    } catch .signatureMismatch, .timestampOutsideTolerance {
        return false
    }
}
#sourceLocation()
