import Foundation
import MusubiRuntime

// Values the documentation's Swift blocks use without declaring them, so an example can show
// one call rather than the setup around it. Nothing here is ever run: the blocks are compiled
// to prove they match the generated code and the runtime, not executed.

/// The client most examples send through.
let client = Client(baseURL: URL(string: "https://api.example.com")!)

/// A token store, as an app would have one, for the authentication examples.
let tokens = TokenStore()

/// What the authentication examples ask for tokens.
actor TokenStore {
    private var token = "token"

    /// The token to send now.
    func current() async throws -> String { token }

    /// A new token after the server rejected `rejected`.
    func refresh(after rejected: String) async throws -> String {
        token = rejected + "-refreshed"
        return token
    }
}

/// The credentials the interceptor examples configure.
let credentials: [Credential] = []

/// The mock transport the testing examples register answers with.
let mock = MockTransport()
