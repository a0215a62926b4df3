import Foundation
import MusubiDocument

/// How each parameter is sent is decided by its location, style, `explode`, `allowReserved`
/// and `content`; the document settled style and explode (with the specification's defaults).
extension ModelBuilder {
    /// A parameter described with a JSON `content` rather than a schema: sent as JSON text.
    func isJSONContent(_ parameter: Parameter) -> Bool {
        guard let contentType = parameter.contentType else { return false }
        let essence = MediaType.essence(of: contentType)
        return essence == "application/json" || essence.hasSuffix("+json")
    }
}
