import Foundation

extension CodingUserInfoKey {
    /// Present (`true`) in the `userInfo` of the encoder writing a request body.
    public static let isRequestBody = CodingUserInfoKey(rawValue: "MusubiRuntime.isRequestBody")!
}

extension Encoder {
    /// Whether this encoder writes a request body rather than, say, a cache file.
    ///
    /// Generated models leave their `readOnly` properties out of request bodies: the server
    /// sets them, and a strict server rejects a request that sends them — which would
    /// otherwise happen to every value fetched, changed and sent back.
    public var isEncodingRequestBody: Bool {
        userInfo[.isRequestBody] as? Bool == true
    }
}

extension Coding {
    /// Encodes `value` as a request body: like `encode(_:)`, with `isEncodingRequestBody` set.
    public func encodeRequestBody<T: Encodable>(_ value: T) throws -> Data {
        try encode(value, userInfo: [.isRequestBody: true])
    }
}
