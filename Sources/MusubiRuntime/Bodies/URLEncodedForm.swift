import Foundation

/// Writes a value as `application/x-www-form-urlencoded` text, property by property as its
/// `FieldEncoding` says.
///
/// Names and values are percent-encoded leaving only RFC 3986's unreserved characters, so a
/// `&`, `=` or `+` in a value can never split or change a field (a space is `%20`, which
/// every form parser reads as a space).
public enum URLEncodedForm {
    /// The encoded form of `value`, whose top level must be an object (a struct or a
    /// dictionary); `nil` members are left out.
    public static func encode<T: Encodable>(
        _ value: T, encoding: [String: FieldEncoding] = [:], coding: Coding = .standard
    ) throws -> Data {
        let root = try ParameterEncoding.body(value)
        guard case .object = root.node else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "a form body must be an object"))
        }
        var fields: [(String, String)] = []
        for (name, member) in root.members {
            guard let node = member.node else { continue }
            let field = encoding[name] ?? FieldEncoding()
            if let contentType = field.contentType, isJSON(contentType), let original = member.original {
                fields.append((name, String(decoding: try coding.encodeRequestBody(original), as: UTF8.self)))
                continue
            }
            append(node, name: name, encoding: field, to: &fields)
        }
        let text = fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
        return Data(text.utf8)
    }

    private static func append(
        _ value: ParameterNode, name: String, encoding: FieldEncoding, to fields: inout [(String, String)]
    ) {
        switch value {
        case .primitive, .file:
            if let text = value.scalarText { fields.append((name, text)) }
        case .array(let items):
            // Objects and arrays among the items have no form spelling either: without it, a
            // list of line items was left out of the body.
            if encoding.style == .deepObject || items.contains(where: \.isNested) {
                appendDeep(value, prefix: name, to: &fields)
            } else if encoding.explode && encoding.style == .form {
                for item in items {
                    if let text = item.scalarText { fields.append((name, text)) }
                }
            } else {
                let separator =
                    switch encoding.style {
                    case .spaceDelimited: " "
                    case .pipeDelimited: "|"
                    case .form, .deepObject, .simple, .label, .matrix: ","
                    }
                fields.append((name, items.compactMap(\.scalarText).joined(separator: separator)))
            }
        case .object(let members):
            if encoding.style == .deepObject {
                appendDeep(value, prefix: name, to: &fields)
            } else if encoding.explode {
                // Form style spreads an object's members into fields of their own; anything
                // nested deeper has no form spelling and takes the bracket one.
                for member in members {
                    if case .object = member.value {
                        appendDeep(member.value, prefix: member.name, to: &fields)
                    } else if case .array = member.value {
                        append(member.value, name: member.name, encoding: FieldEncoding(), to: &fields)
                    } else if let text = member.value.scalarText {
                        fields.append((member.name, text))
                    }
                }
            } else {
                let pairs = members.compactMap { member in member.value.scalarText.map { [member.name, $0] } }
                fields.append((name, pairs.flatMap { $0 }.joined(separator: ",")))
            }
        }
    }

    /// `name[key][0]=value`: every level in brackets, array items by index. Bytes are base64,
    /// since form text cannot carry raw bytes.
    private static func appendDeep(_ value: ParameterNode, prefix: String, to fields: inout [(String, String)]) {
        switch value {
        case .object(let members):
            for member in members { appendDeep(member.value, prefix: "\(prefix)[\(member.name)]", to: &fields) }
        case .array(let items):
            for (index, item) in items.enumerated() { appendDeep(item, prefix: "\(prefix)[\(index)]", to: &fields) }
        case .primitive, .file:
            if let text = value.scalarText { fields.append((prefix, text)) }
        }
    }

    static func isJSON(_ contentType: String) -> Bool {
        let essence =
            contentType.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        return essence == "application/json" || essence.hasSuffix("+json")
    }

    private static func escape(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}
