import Foundation

/// A value as OpenAPI's styles see it: a primitive, an array or an object (or, in a request
/// body's field, a file).
///
/// Every parameter — path, query, header or cookie — and every field of a form or multipart
/// body is first turned into this tree by `ParameterEncoding` and then laid out by its style,
/// so the styles are written once over these shapes instead of once per Swift type. Texts are
/// not percent-encoded yet; where that happens depends on the location.
enum ParameterNode: Hashable, Sendable {
    case primitive(String)
    /// Bytes in a request body's field (a `FileUpload` or `Data`): a part of its own in a
    /// multipart body, base64 text anywhere else. Parameters never hold one: there `Data` is
    /// its base64 text already.
    indirect case file(FileUpload)
    case array([ParameterNode])
    /// Members in the order the value encoded them (a model's property order; a dictionary's
    /// keys sorted, so the same value always gives the same request).
    case object([Member])

    struct Member: Hashable, Sendable {
        let name: String
        let value: ParameterNode
    }

    /// The tree for `value`, or `nil` for `nil` (a parameter that is left out).
    ///
    /// Scalars are written by their `ParameterValue` conformance (dates as RFC 3339, UUIDs in
    /// lower case); anything else goes through its `Encodable` conformance, which every
    /// generated model has, so a model struct is an object parameter with no extra code.
    static func make<Value: Encodable>(_ value: Value?) throws -> ParameterNode? {
        guard let value else { return nil }
        return try ParameterEncoding.node(for: value)
    }

    /// `value` as JSON text, encoded with the request's `coding`: a parameter described with
    /// `content: application/json` instead of a schema and style.
    static func json<Value: Encodable>(_ value: Value?, coding: Coding) throws -> ParameterNode? {
        guard let value else { return nil }
        return .primitive(String(decoding: try coding.encode(value), as: UTF8.self))
    }

    /// Whether the value adds nothing: an empty array or object is left out, as RFC 6570
    /// treats it as undefined.
    var isEmpty: Bool {
        switch self {
        case .primitive, .file: false
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        }
    }

    /// A primitive's text, or a file's bytes as base64 (`nil` when the file cannot be read);
    /// `nil` for an array or object.
    var scalarText: String? {
        switch self {
        case .primitive(let text): text
        case .file(let upload): (try? upload.loadData())?.base64EncodedString()
        case .array, .object: nil
        }
    }

    /// Whether the value is an array or an object.
    var isNested: Bool {
        switch self {
        case .array, .object: true
        case .primitive, .file: false
        }
    }

    /// The value as one text for a place that cannot nest: an array or object inside an
    /// array or object, whose serialization OpenAPI leaves undefined, is written like the
    /// non-exploded form (`a,b`, `key,value`), each text passed through `encode` first.
    func flatText(_ encode: (String) -> String) -> String {
        switch self {
        case .primitive(let text): encode(text)
        case .file: encode(scalarText ?? "")
        case .array(let elements): elements.map { $0.flatText(encode) }.joined(separator: ",")
        case .object(let members):
            members.map { encode($0.name) + "," + $0.value.flatText(encode) }.joined(separator: ",")
        }
    }

    /// The texts of a value laid out with `separator` and, for an exploded object,
    /// `key=value` members; the shared core of most styles (`blue,black,brown`,
    /// `R,100,G,200`, `R=100,G=200`, `blue.black.brown`).
    func joined(separator: String, explode: Bool, encode: (String) -> String) -> String {
        switch self {
        case .primitive, .file:
            flatText(encode)
        case .array(let elements):
            elements.map { $0.flatText(encode) }.joined(separator: separator)
        case .object(let members) where explode:
            members.map { encode($0.name) + "=" + $0.value.flatText(encode) }.joined(separator: separator)
        case .object(let members):
            members.map { encode($0.name) + separator + $0.value.flatText(encode) }.joined(separator: separator)
        }
    }
}

/// What a parameter type keeps of its value: the laid-out result, or why there is none.
///
/// Encoding happens when the parameter is made (inside the request's `query`, `headers` or
/// `path` property, which cannot throw), so a failure — an `anyOf` with no alternative set, a
/// non-finite number in JSON — is kept here and reported by `Client` as
/// `ClientError.encoding` before anything is sent.
enum ParameterContent<Laid: Hashable & Sendable>: Hashable, Sendable {
    case absent
    case value(Laid)
    case failed(String)

    init<Value>(
        name: String, _ value: Value, make: (Value) throws -> ParameterNode?, layOut: (ParameterNode) -> Laid
    ) {
        do {
            guard let node = try make(value), !node.isEmpty else {
                self = .absent
                return
            }
            self = .value(layOut(node))
        } catch {
            self = .failed("could not encode parameter \(name): \(error)")
        }
    }

    var problem: String? {
        if case .failed(let problem) = self { return problem }
        return nil
    }
}
