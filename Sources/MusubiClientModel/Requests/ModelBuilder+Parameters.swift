import Foundation
import MusubiDocument

/// How each parameter is sent: the runtime call (or path interpolation) its location, style,
/// `explode`, `allowReserved` and `content` call for. The document settled style and explode
/// (with the specification's defaults); only what differs from the runtime's defaults is
/// written, so the common case stays `QueryParameter("limit", limit)`.
extension ModelBuilder {

    /// For a path parameter, what goes inside `\(…)` in the path literal; for the other
    /// locations, the `QueryParameter`/`HeaderParameter`/`CookieParameter` expression.
    func parameterExpression(_ parameter: Parameter, swiftName: String, type: SwiftType) -> String {
        let nameLiteral = SwiftSourceText.stringLiteral(parameter.name)
        if isJSONContent(parameter) {
            switch parameter.location {
            case .path: return "json: \(swiftName), coding: coding"
            case .query: return "QueryParameter(\(nameLiteral), json: \(swiftName), coding: coding)"
            case .header: return "HeaderParameter(\(nameLiteral), json: \(swiftName), coding: coding)"
            case .cookie: return "CookieParameter(\(nameLiteral), json: \(swiftName), coding: coding)"
            }
        }
        let style = parameter.style
        let explode = parameter.explode
        // `explode` changes nothing for a primitive or in `deepObject`, so it is not written there.
        let isPrimitive = isParameterValue(resolvedAlias(type))
        let explodeArgument =
            explode != style.explodesByDefault && !isPrimitive && style != .deepObject ? ", explode: \(explode)" : ""
        switch parameter.location {
        case .path:
            switch style {
            case .label: return "label: \(swiftName)\(explodeArgument)"
            case .matrix: return "matrix: \(swiftName), name: \(nameLiteral)\(explodeArgument)"
            default: return swiftName + explodeArgument
            }
        case .query:
            let styleArgument = style == .form ? "" : ", style: .\(style)"
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
}
