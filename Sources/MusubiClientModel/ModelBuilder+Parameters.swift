import Foundation
import MusubiDocument

/// How each parameter is sent: the runtime call (or path interpolation) its location, style,
/// `explode`, `allowReserved` and `content` call for. Only what differs from the runtime's
/// defaults is written, so the common case stays `QueryParameter("limit", limit)`.
extension ModelBuilder {
    /// The styles OpenAPI defines per location, the default first.
    private static let styles: [Parameter.Location: [String]] = [
        .path: ["simple", "label", "matrix"],
        .query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
        .header: ["simple"],
        .cookie: ["form"],
    ]

    /// For a path parameter, what goes inside `\(…)` in the path literal; for the other
    /// locations, the `QueryParameter`/`HeaderParameter`/`CookieParameter` expression.
    func parameterExpression(_ parameter: Parameter, swiftName: String, type: String, signature: String) -> String {
        let nameLiteral = SwiftSourceText.stringLiteral(parameter.name)
        if isJSONContent(parameter) {
            switch parameter.location {
            case .path: return "json: \(swiftName), coding: coding"
            case .query: return "QueryParameter(\(nameLiteral), json: \(swiftName), coding: coding)"
            case .header: return "HeaderParameter(\(nameLiteral), json: \(swiftName), coding: coding)"
            case .cookie: return "CookieParameter(\(nameLiteral), json: \(swiftName), coding: coding)"
            }
        }
        let style = self.style(of: parameter, signature: signature)
        let defaultExplode = style == "form"
        let explode = parameter.explode ?? defaultExplode
        // `explode` changes nothing for a primitive or in `deepObject`, so it is not written there.
        let isPrimitive = isParameterValue(resolvedAlias(type))
        let explodeArgument =
            explode != defaultExplode && !isPrimitive && style != "deepObject" ? ", explode: \(explode)" : ""
        switch parameter.location {
        case .path:
            switch style {
            case "label": return "label: \(swiftName)\(explodeArgument)"
            case "matrix": return "matrix: \(swiftName), name: \(nameLiteral)\(explodeArgument)"
            default: return swiftName + explodeArgument
            }
        case .query:
            let styleArgument = style == "form" ? "" : ", style: .\(style)"
            let reservedArgument = parameter.allowReserved ? ", allowReserved: true" : ""
            return "QueryParameter(\(nameLiteral), \(swiftName)\(styleArgument)\(explodeArgument)\(reservedArgument))"
        case .header:
            return "HeaderParameter(\(nameLiteral), \(swiftName)\(explodeArgument))"
        case .cookie:
            return "CookieParameter(\(nameLiteral), \(swiftName)\(explodeArgument))"
        }
    }

    /// A parameter described with a JSON `content` rather than a schema: sent as JSON text.
    func isJSONContent(_ parameter: Parameter) -> Bool {
        guard let contentType = parameter.contentType else { return false }
        let essence = MediaType.essence(of: contentType)
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    /// The parameter's style, or its location's default (with a warning) when the spec names
    /// one OpenAPI does not define there.
    private func style(of parameter: Parameter, signature: String) -> String {
        let allowed = Self.styles[parameter.location] ?? ["simple"]
        guard let written = parameter.style else { return allowed[0] }
        guard allowed.contains(written) else {
            warning(
                "style '\(written)' is not defined for \(parameter.location.rawValue) parameters ('\(parameter.name)' of \(signature)); it is sent in \(allowed[0]) style",
                at: parameter.sourceLocation)
            return allowed[0]
        }
        return written
    }
}
