import MusubiReader

/// How a parameter or an encoded form field is laid out: `style`, `explode` and
/// `allowReserved`, settled with the specification's defaults.
struct ParameterSerialization: Equatable {
    var style: ParameterStyle
    var explode: Bool
    var allowReserved: Bool
}

extension OperationsLoader {
    /// The `style`, `explode` and `allowReserved` of the 3.x parameter `node`, named `name`,
    /// in `location`. A style the specification does not define there, or no style at all, is
    /// reported and replaced by the location's default; a wrong-typed `explode` or
    /// `allowReserved` is reported (by ``bool(_:_:)``) and replaced by its default;
    /// `allowReserved` outside the query is reported and ignored.
    func serialization(of node: Node, name: String, in location: Parameter.Location) -> ParameterSerialization {
        let fallback = ParameterStyle.defaultStyle(in: location)
        var style = fallback
        if let text = string(node, "style") {
            if let written = ParameterStyle(rawValue: text), ParameterStyle.allowed(in: location).contains(written) {
                style = written
            } else {
                let problem =
                    ParameterStyle(rawValue: text) == nil
                    ? "is not an OpenAPI style" : "is not defined for \(location.rawValue) parameters"
                warning(
                    "style '\(text)' \(problem) ('\(name)'); it is sent in \(fallback) style",
                    at: node["style"]?.location)
            }
        }
        let explode = bool(node, "explode") ?? style.explodesByDefault
        var allowReserved = bool(node, "allowReserved") ?? false
        if allowReserved, location != .query {
            warning(
                "'allowReserved' applies to query parameters only ('\(name)' is a \(location.rawValue) parameter); it is ignored",
                at: node["allowReserved"]?.location)
            allowReserved = false
        }
        return ParameterSerialization(style: style, explode: explode, allowReserved: allowReserved)
    }

    /// The `style` of an Encoding Object of a form body: one the form writer knows, or nil
    /// (with a warning for a style it does not know), which means its default, `form`.
    func encodingStyle(of node: Node, property: String) -> ParameterStyle? {
        guard let text = string(node, "style") else { return nil }
        if let written = ParameterStyle(rawValue: text), ParameterStyle.allowedInEncoding.contains(written) {
            return written
        }
        let problem =
            ParameterStyle(rawValue: text) == nil ? "is not an OpenAPI style" : "is not defined for form fields"
        warning(
            "style '\(text)' \(problem) ('\(property)'); it is sent in form style", at: node["style"]?.location)
        return nil
    }
}
