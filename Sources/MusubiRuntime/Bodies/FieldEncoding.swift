/// How one property of a form or multipart body is written: OpenAPI's Encoding Object.
///
/// Generated requests pass one per property the spec describes (`.form(body, encoding:
/// ["tags": FieldEncoding(explode: false)])`); a property without one gets OpenAPI's
/// defaults: form style, exploded, and the content type its value implies.
///
/// In a URL-encoded form the styles are a query's: `tags=a&tags=b` exploded, `tags=a,b` not,
/// `tags=a%20b`, `tags=a|b`, and `meta[color]=brown` nesting further as
/// `items[0][price]=p_1` (as Stripe reads it); an exploded object's members are fields of their
/// own (`name=Tama`). A multipart body has no styles: each property is a part.
public struct FieldEncoding: Hashable, Sendable {
    /// How an array or object property of a URL-encoded form is spelled: the one
    /// `ParameterStyle`.
    public typealias Style = ParameterStyle

    public var style: ParameterStyle
    public var explode: Bool
    /// The property's media type: a URL-encoded field with a JSON type carries JSON text; a
    /// multipart part is sent with it (the first of a list such as `image/png, image/jpeg`).
    public var contentType: String?
    /// Extra headers of a multipart part; a `nil` value sends none.
    public var headers: [HeaderParameter]

    /// - Parameters:
    ///   - style: How an array or object value is laid out (OpenAPI's `style`); a style not
    ///     defined for forms (`simple`, `label`, `matrix`) is laid out like `form`.
    ///   - explode: Defaults to what OpenAPI specifies (`ParameterStyle.explodesByDefault`):
    ///     `true` for `form`, `false` otherwise (`deepObject` reads the same either way).
    ///   - contentType: The property's media type, for JSON in a form field or a multipart part.
    ///   - headers: Extra headers of a multipart part.
    public init(
        style: ParameterStyle = .form, explode: Bool? = nil, contentType: String? = nil,
        headers: [HeaderParameter] = []
    ) {
        self.style = style
        self.explode = explode ?? style.explodesByDefault
        self.contentType = contentType
        self.headers = headers
    }
}
