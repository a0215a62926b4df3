import Foundation

/// Turns a `DecodingError` into the two strings of `ClientError.decoding`: where, as a path a
/// reader can follow in the JSON (`pets[2].status`), and what, as a short sentence.
///
/// Foundation's own messages print coding keys as `CodingKeys(stringValue: "status",
/// intValue: nil)` and differ between platforms; these read the same everywhere. For a type
/// mismatch, the offending value is looked up in the body so the message can say what was
/// actually there. Without a body (an alternative of a `oneOf` that did not fit), the
/// message stands on the decoder's words alone.
enum DecodingErrorDescription {
    static func describe(_ error: DecodingError, body: Data?) -> (codingPath: String, detail: String) {
        switch error {
        case .typeMismatch(let type, let context):
            let expected = "expected \(name(of: type))"
            if let body, let found = value(at: context.codingPath, in: body) {
                return (path(context.codingPath), "\(expected), found \(summary(of: found))")
            }
            return (path(context.codingPath), "\(expected): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(name(of: type)), found null")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing required key \"\(key.stringValue)\"")
        case .dataCorrupted(let context) where context.codingPath.isEmpty && body?.isEmpty == true:
            return ("", "expected a JSON body, found an empty one")
        case .dataCorrupted(let context):
            var detail = context.debugDescription
            if let underlying = context.underlyingError {
                detail += " (\(underlying))"
            }
            return (path(context.codingPath), detail)
        @unknown default:
            return ("", String(describing: error))
        }
    }

    /// `pets[2].status`: keys joined with dots, array indices in brackets.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// Collections by their JSON name: the decoder reports them as `Array<Any>` and
    /// `Dictionary<String, Any>`.
    private static func name(of type: Any.Type) -> String {
        if type == [Any].self { return "array" }
        if type == [String: Any].self { return "object" }
        return String(describing: type)
    }

    /// The JSON value at `codingPath`, or `nil` when the body is not JSON or the path cannot be
    /// followed (a custom key strategy renamed the keys).
    private static func value(at codingPath: [any CodingKey], in body: Data) -> JSONValue? {
        guard var value = try? JSONDecoder().decode(JSONValue.self, from: body) else { return nil }
        for key in codingPath {
            if case .array = value, let index = key.intValue, let element = value[index] {
                value = element
            } else if let member = value[key.stringValue] {
                value = member
            } else {
                return nil
            }
        }
        return value
    }

    private static func summary(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "boolean \(bool)"
        case .integer(let integer): "number \(integer)"
        case .number(let number): "number \(number)"
        case .string(let string): "string \"\(string.count > 40 ? string.prefix(40) + "…" : string)\""
        case .array: "array"
        case .object: "object"
        }
    }
}
