import MusubiClientModel

/// Writes a program that calls every operation of a generated client whose required
/// arguments can be filled automatically, for the real-spec end-to-end test.
///
/// Arguments come from a samples file (`Scripts/operation-samples.py`: the spec's examples, or
/// values synthesized from its schemas) and are decoded into the argument's Swift type at run
/// time, so the program needs no knowledge of the types beyond their names: any type the
/// generated module decodes can be filled. An argument of another type (a hand-built body
/// enum, say) makes the operation "not fillable", and it is counted as such, not called.
struct OperationDriver {
    /// One operation the program calls.
    struct Call {
        var signature: String
        var requestName: String
        /// Required initializer arguments: label, Swift type, and the spec's name for the
        /// parameter (`body` for the request body), which keys its sample.
        var arguments: [(label: String, type: String, sampleName: String)]
    }

    private(set) var calls: [Call] = []
    /// `Credential` expressions with sample values, one per security scheme the client can
    /// apply, so each operation is sent the credential its requirements name and no other.
    private(set) var credentials: [String] = []
    /// Operations left out, with the reason.
    private(set) var skipped: [(signature: String, reason: String)] = []

    /// Types of the runtime and Foundation that decode from JSON.
    private static let decodableScalars: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "UUID", "URL", "Data",
        "Decimal", "DecimalString", "CalendarDate", "JSONValue", "FileUpload",
    ]

    /// - Parameter unfillable: Operations (by signature, `GET /pets`) the samples say cannot be
    /// filled with valid values, with the reason: left out.
    init(model: ClientModel, unfillable: [String: String] = [:]) {
        let modelNames = Set(model.models.map(\.name))
        for scheme in model.api.securitySchemes {
            let member =
                "." + model.api.securitySchemesMember + "." + scheme.name.replacingOccurrences(of: "`", with: "")
            switch scheme.credentialKind {
            case "apiKey": credentials.append(".apiKey(\(member), \"sample-key\")")
            case "basic":
                credentials.append(".basic(\(member), username: \"sample-user\", password: \"sample-password\")")
            case "bearer": credentials.append(".bearer(\(member)) { \"sample-token\" }")
            default: break  // Other HTTP schemes and client certificates: none of the specs uses them.
            }
        }
        for request in model.requests {
            if let reason = unfillable[request.signature] {
                skipped.append((request.signature, reason))
                continue
            }
            var arguments: [(label: String, type: String, sampleName: String)] = []
            var problem: String?
            for parameter in request.initParameters where !parameter.declaration.contains(" = ") {
                guard let colon = parameter.declaration.range(of: ": ") else { continue }
                let type = String(parameter.declaration[colon.upperBound...])
                guard Self.isDecodable(type, models: modelNames) else {
                    problem = "argument \(parameter.name) of type \(type) is not decoded from JSON"
                    break
                }
                let property = request.properties.first { $0.name == parameter.name }
                arguments.append((parameter.name, type, property?.originalName ?? parameter.name))
            }
            if let problem {
                skipped.append((request.signature, problem))
            } else {
                calls.append(Call(signature: request.signature, requestName: request.name, arguments: arguments))
            }
        }
    }

    /// Whether a type spelling is decodable: a known scalar, a generated model, or an array
    /// or string-keyed dictionary of those.
    static func isDecodable(_ type: String, models: Set<String>) -> Bool {
        if type.hasPrefix("["), type.hasSuffix("]") {
            let inner = type.dropFirst().dropLast()
            if let colon = inner.range(of: ": ") {
                return inner[..<colon.lowerBound] == "String"
                    && isDecodable(String(inner[colon.upperBound...]), models: models)
            }
            return isDecodable(String(inner), models: models)
        }
        return decodableScalars.contains(type) || models.contains(type)
    }

    /// The `main.swift` of the program. It takes the server's base URL and the samples file,
    /// calls each operation once with the header `X-Musubi-Call: <index>` (so the test finds its
    /// request in the server's log), decodes the response as the client's caller would, and
    /// prints one JSON line per call: index, signature, `decoded: true` when the response
    /// decoded, else the error it ended with (and `decodingPath`, where in the body, when the
    /// response arrived but did not decode). Each request carries the credentials its operation
    /// requires, through `Interceptor.authentication`, and goes through a transport that sends
    /// nothing to another host than the server's, redirects included.
    func mainSource(clientModule: String) -> String {
        var lines = [
            "import Foundation",
            "import MusubiRuntime",
            "#if canImport(FoundationNetworking)",
            "    import FoundationNetworking",
            "#endif",
            "import \(clientModule)",
            "",
            "struct DriverSamples: Sendable {",
            "    let values: [String: [String: JSONValue]]",
            "",
            "    func value<T: Decodable>(_ type: T.Type, _ signature: String, _ name: String) throws -> T {",
            "        guard let value = values[signature]?[name] else {",
            "            throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: \"no sample for \\(name)\"))",
            "        }",
            "        return try Coding.standard.decode(T.self, from: try JSONEncoder().encode(value))",
            "    }",
            "",
            "    /// Binary bodies: the sample text's bytes.",
            "    func value(_ type: Data.Type, _ signature: String, _ name: String) throws -> Data {",
            "        Data(try value(String.self, signature, name).utf8)",
            "    }",
            "",
            "    /// Uploads: the sample text's bytes, as a file called `sample`.",
            "    func value(_ type: FileUpload.Type, _ signature: String, _ name: String) throws -> FileUpload {",
            "        .data(try value(Data.self, signature, name), fileName: \"sample\")",
            "    }",
            "}",
            "",
            "/// Sends requests to the test server only, following a redirect only back to it: no `Location`",
            "/// can take a call to another host.",
            "final class LoopbackTransport: NSObject, Transport, URLSessionTaskDelegate, @unchecked Sendable {",
            "    private let server: URL",
            "    private var session: URLSession!",
            "",
            "    init(server: URL) {",
            "        self.server = server",
            "        super.init()",
            "        session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)",
            "    }",
            "",
            "    func urlSession(",
            "        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,",
            "        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void",
            "    ) {",
            "        completionHandler(request.url.map(isServer) == true ? request : nil)",
            "    }",
            "",
            "    private func isServer(_ url: URL) -> Bool {",
            "        url.scheme == server.scheme && url.host == server.host && url.port == server.port",
            "    }",
            "",
            "    func send(_ request: HTTPRequest) async throws -> HTTPResponse {",
            "        guard isServer(request.url) else { throw URLError(.unsupportedURL) }",
            "        var urlRequest = URLRequest(url: request.url)",
            "        urlRequest.httpMethod = request.method.rawValue",
            "        for field in request.headers {",
            "            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)",
            "        }",
            "        urlRequest.httpBody = request.body?.data",
            "        let (data, response) = try await session.data(for: urlRequest)",
            "        guard let response = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }",
            "        var headers = HTTPHeaders()",
            "        for (name, value) in response.allHeaderFields {",
            "            if let name = name as? String { headers.add(name, value as? String ?? \"\\(value)\") }",
            "        }",
            "        return HTTPResponse(statusCode: response.statusCode, headers: headers, body: data)",
            "    }",
            "}",
            "",
            "typealias DriverCall = @Sendable (MusubiRuntime.Client, DriverSamples) async throws -> Void",
            "",
            "/// A response whose status the request accepts but whose body did not decode.",
            "struct DecodingFailure: Error {",
            "    let codingPath: String",
            "    let detail: String",
            "}",
            "",
            "/// Sends the request and decodes its response; a decoding failure is thrown as",
            "/// `DecodingFailure`, other errors as they are.",
            "func sendAndDecode<R: MusubiRuntime.Request>(_ client: MusubiRuntime.Client, _ request: R) async throws {",
            "    do {",
            "        _ = try await client.send(request)",
            "    } catch let error as MusubiRuntime.ClientError<R.Failure> {",
            "        if case .decoding(let codingPath, let detail) = error {",
            "            throw DecodingFailure(codingPath: codingPath, detail: detail)",
            "        }",
            "        throw error",
            "    }",
            "}",
            "",
        ]
        for (index, call) in calls.enumerated() {
            let signature = Self.literal(call.signature)
            let arguments = call.arguments.map { argument in
                "\(argument.label): try samples.value(\(argument.type).self, \(signature), \(Self.literal(argument.sampleName)))"
            }
            lines.append(
                "@Sendable func call\(index)(_ client: MusubiRuntime.Client, _ samples: DriverSamples) async throws {")
            let request = "\(call.requestName)(\(arguments.joined(separator: ", ")))"
            lines.append("    try await sendAndDecode(client, \(request))")
            lines.append("}")
            lines.append("")
        }
        lines.append("let calls: [(String, DriverCall)] = [")
        for (index, call) in calls.enumerated() {
            lines.append("    (\(Self.literal(call.signature)), call\(index)),")
        }
        lines.append("]")
        lines += [
            "",
            "let baseURL = URL(string: CommandLine.arguments[1])!",
            "let samplesData = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[2]))",
            "let samples = DriverSamples(values: try JSONDecoder().decode([String: [String: JSONValue]].self, from: samplesData))",
            "let transport = LoopbackTransport(server: baseURL)",
            "for (index, (signature, call)) in calls.enumerated() {",
            "    let client = MusubiRuntime.Client(",
            "        baseURL: baseURL,",
            "        interceptors: [",
            "            .header(\"X-Musubi-Call\", String(index)),",
            "            .authentication([\(credentials.joined(separator: ", "))]),",
            "        ],",
            "        transport: transport)",
            "    var outcome: [String: JSONValue] = [\"index\": .number(Double(index)), \"signature\": .string(signature)]",
            "    do {",
            "        try await call(client, samples)",
            "        outcome[\"decoded\"] = .bool(true)",
            "    } catch let failure as DecodingFailure {",
            "        outcome[\"decodingPath\"] = .string(failure.codingPath)",
            "        outcome[\"error\"] = .string(failure.detail)",
            "    } catch {",
            "        outcome[\"error\"] = .string(String(describing: error))",
            "    }",
            "    print(String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self))",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func literal(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
