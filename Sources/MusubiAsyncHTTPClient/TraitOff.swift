#if !AsyncHTTPClient
    /// What `AsyncHTTPClientTransport` is while Musubi's `AsyncHTTPClient` trait is off: a name
    /// that says how to turn it on, where a missing type would only say "cannot find in scope".
    ///
    /// The trait is off by default so that packages using only `MusubiRuntime` never fetch or
    /// plan SwiftNIO.
    @available(
        *, unavailable,
        message: "enable Musubi's trait for it: .package(url: …, from: …, traits: [\"AsyncHTTPClient\"])"
    )
    public struct AsyncHTTPClientTransport {}
#endif  // !AsyncHTTPClient
