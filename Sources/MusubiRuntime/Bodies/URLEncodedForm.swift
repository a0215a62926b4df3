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
        let (tree, originals) = try FormValue.encode(value)
        guard case .object(let members) = tree else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "a form body must be an object"))
        }
        var fields: [(String, String)] = []
        for (name, member) in members {
            let field = encoding[name] ?? FieldEncoding()
            if let contentType = field.contentType, isJSON(contentType), let original = originals[name] {
                fields.append((name, String(decoding: try coding.encodeRequestBody(original), as: UTF8.self)))
                continue
            }
            append(member, name: name, encoding: field, to: &fields)
        }
        let text = fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
        return Data(text.utf8)
    }

    private static func append(
        _ value: FormValue, name: String, encoding: FieldEncoding, to fields: inout [(String, String)]
    ) {
        switch value {
        case .null:
            break
        case .text, .bytes, .file:
            if let text = scalarText(value) { fields.append((name, text)) }
        case .array(let items):
            if encoding.style == .deepObject {
                appendDeep(value, prefix: name, to: &fields)
            } else if encoding.explode && encoding.style == .form {
                for item in items {
                    if let text = scalarText(item) { fields.append((name, text)) }
                }
            } else {
                let separator =
                    switch encoding.style {
                    case .spaceDelimited: " "
                    case .pipeDelimited: "|"
                    case .form, .deepObject: ","
                    }
                fields.append((name, items.compactMap(scalarText).joined(separator: separator)))
            }
        case .object(let members):
            if encoding.style == .deepObject {
                appendDeep(value, prefix: name, to: &fields)
            } else if encoding.explode {
                // Form style spreads an object's members into fields of their own; anything
                // nested deeper has no form spelling and takes the bracket one.
                for (key, member) in members {
                    if case .object = member {
                        appendDeep(member, prefix: key, to: &fields)
                    } else if case .array = member {
                        append(member, name: key, encoding: FieldEncoding(), to: &fields)
                    } else if let text = scalarText(member) {
                        fields.append((key, text))
                    }
                }
            } else {
                let pairs = members.compactMap { key, member in scalarText(member).map { [key, $0] } }
                fields.append((name, pairs.flatMap { $0 }.joined(separator: ",")))
            }
        }
    }

    /// `name[key][0]=value`: every level in brackets, array items by index.
    private static func appendDeep(_ value: FormValue, prefix: String, to fields: inout [(String, String)]) {
        switch value {
        case .null:
            break
        case .object(let members):
            for (key, member) in members { appendDeep(member, prefix: "\(prefix)[\(key)]", to: &fields) }
        case .array(let items):
            for (index, item) in items.enumerated() { appendDeep(item, prefix: "\(prefix)[\(index)]", to: &fields) }
        default:
            if let text = scalarText(value) { fields.append((prefix, text)) }
        }
    }

    /// A scalar's text; bytes as base64, since form text cannot carry raw bytes.
    private static func scalarText(_ value: FormValue) -> String? {
        switch value {
        case .text(let text): text
        case .bytes(let data): data.base64EncodedString()
        case .file(let upload): (try? upload.loadData())?.base64EncodedString()
        case .array, .object, .null: nil
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
