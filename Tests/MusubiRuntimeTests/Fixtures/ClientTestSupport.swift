import Foundation
import MusubiRuntime

let baseURL = URL(string: "https://petstore.example/v1")!

/// Sends `request` expecting it to fail, returning the typed error (or `nil` on success).
func sendExpectingError<R: Request>(
    _ client: Client, _ request: R, options: CallOptions = CallOptions()
) async -> ClientError<R.Failure>? {
    do throws(ClientError<R.Failure>) {
        _ = try await client.send(request, options: options)
        return nil
    } catch {
        return error
    }
}

extension HTTPRequest {
    var bodyText: String? { body?.data.map { String(decoding: $0, as: UTF8.self) } }
}
