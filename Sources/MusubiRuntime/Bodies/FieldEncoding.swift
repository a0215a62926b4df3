/// How one property of a form or multipart body is written: OpenAPI's Encoding Object.
///
/// Generated requests pass one per property the spec describes (`.form(body, encoding:
/// ["tags": FieldEncoding(explode: false)])`); a property without one gets OpenAPI's
/// defaults: form style, exploded, and the content type its value implies.
public struct FieldEncoding: Hashable, Sendable {
    /// How an array or object property of a URL-encoded form is spelled.
    public enum Style: String, Hashable, Sendable {
        /// `tags=a&tags=b` exploded, `tags=a,b` not; an exploded object's members are fields
        /// of their own (`name=Tama`).
        case form
        /// `tags=a%20b`.
        case spaceDelimited
        /// `tags=a|b`.
        case pipeDelimited
        /// `meta[color]=brown`, nesting further as `items[0][price]=p_1`, as Stripe reads it.
        case deepObject
    }

    public var style: Style
    public var explode: Bool
    /// The property's media type: a URL-encoded field with a JSON type carries JSON text; a
    /// multipart part is sent with it (the first of a list such as `image/png, image/jpeg`).
    public var contentType: String?
    /// Extra headers of a multipart part; a `nil` value sends none.
    public var headers: [HeaderParameter]

    /// - Parameters:
    ///   - style: How an array or object value is laid out (OpenAPI's `style`).
    ///   - explode: Defaults to `true` for the form style and `false` for the others,
    ///     as OpenAPI says.
    ///   - contentType: The property's media type, for JSON in a form field or a multipart part.
    ///   - headers: Extra headers of a multipart part.
    public init(
        style: Style = .form, explode: Bool? = nil, contentType: String? = nil, headers: [HeaderParameter] = []
    ) {
        self.style = style
        self.explode = explode ?? (style == .form || style == .deepObject)
        self.contentType = contentType
        self.headers = headers
    }
}
