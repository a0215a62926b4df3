/// How a parameter's value is laid out in the request (OpenAPI's `style`), one of the styles
/// the specification's Style Values table defines.
///
/// The loader settles a parameter's style once: a style the spec does not write is its
/// location's default, and one the specification does not allow in that location is reported
/// and replaced by that default, so later stages never see text they would have to check.
public enum ParameterStyle: String, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// `;color=blue`, path parameters only.
    case matrix
    /// `.blue`, path parameters only.
    case label
    /// `blue,black`: the default of path and header parameters.
    case simple
    /// `color=blue&color=black`: the default of query and cookie parameters.
    case form
    /// `color=blue%20black`, query parameters only.
    case spaceDelimited
    /// `color=blue|black`, query parameters only.
    case pipeDelimited
    /// `color[R]=100&color[G]=200`, query parameters only.
    case deepObject

    /// The styles the specification allows for parameters in `location`, its default first.
    public static func allowed(in location: Parameter.Location) -> [ParameterStyle] {
        switch location {
        case .path: return [.simple, .label, .matrix]
        case .query: return [.form, .spaceDelimited, .pipeDelimited, .deepObject]
        case .header: return [.simple]
        case .cookie: return [.form]
        }
    }

    /// The style of a parameter in `location` that does not name one.
    public static func defaultStyle(in location: Parameter.Location) -> ParameterStyle {
        allowed(in: location)[0]
    }

    /// The styles an Encoding Object of a form body may name: those of query parameters, as
    /// the body is written like a query string.
    public static let allowedInEncoding = allowed(in: .query)

    /// Whether `explode` is true when the spec does not say: only for `form`.
    public var explodesByDefault: Bool { self == .form }

    public var description: String { rawValue }
}
