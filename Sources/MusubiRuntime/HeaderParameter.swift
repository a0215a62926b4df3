/// One header parameter of a request. A `nil` value, or an empty array, sends no header.
///
/// Values are sent as their text, not percent-encoded (OpenAPI's `simple` style). A value
/// containing CR or LF could smuggle extra header lines into the request, so `Client`
/// refuses to send one and reports `ClientError.encoding` instead.
public struct HeaderParameter: Hashable, Sendable {
    public let name: String
    /// The field value, or `nil` when the header is not sent.
    public let value: String?

    public init<V: ParameterValue>(_ name: String, _ value: V?) {
        self.name = name
        self.value = value?.parameterValue
    }

    /// An array header, its elements joined with `,` as OpenAPI's `simple` style does.
    public init<V: ParameterValue>(_ name: String, _ values: [V]?) {
        self.name = name
        if let values, !values.isEmpty {
            self.value = values.map(\.parameterValue).joined(separator: ",")
        } else {
            self.value = nil
        }
    }
}
