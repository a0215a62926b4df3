/// How an array or object value is laid out as text: OpenAPI's `style`, for parameters in
/// every location and for the fields of form and multipart bodies.
///
/// One type for all of them, so the specification's defaults are stated once:
///
/// | location | styles | default | `explode` by default |
/// |---|---|---|---|
/// | path | `simple`, `label`, `matrix` | `simple` | `false` |
/// | query | `form`, `spaceDelimited`, `pipeDelimited`, `deepObject` | `form` | `true` |
/// | header | `simple` | `simple` | `false` |
/// | cookie | `form` | `form` | `true` |
/// | form body field | as the query | `form` | `true` |
///
/// `explode` defaults to `true` for `form` and to `false` for every other style
/// (`explodesByDefault`). A style used where OpenAPI does not define it (`simple` in a query)
/// is laid out like that location's default style.
public enum ParameterStyle: String, Hashable, Sendable {
    /// `;color=blue`, a path parameter.
    case matrix
    /// `.blue`, a path parameter.
    case label
    /// `blue,black,brown`: path and header parameters.
    case simple
    /// `color=blue&color=black`, or `color=blue,black` not exploded: query and cookie
    /// parameters and form fields.
    case form
    /// `color=blue%20black`: a query parameter or form field.
    case spaceDelimited
    /// `color=blue%7Cblack`: a query parameter or form field.
    case pipeDelimited
    /// `color[R]=100`, nesting further as `items[0][price]=p_1`: a query parameter or form field.
    case deepObject

    /// Whether `explode` is on when the spec does not say: `true` for `form` only, as the
    /// OpenAPI specification defines it.
    public var explodesByDefault: Bool { self == .form }
}
