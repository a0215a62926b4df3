import Foundation

extension Client {
    /// Builds the `HTTPRequest` for `request` — URL, headers, body — and applies the request's
    /// own `intercept(request:)`. Any failure means nothing was sent: `ClientError.encoding`.
    /// Also returns the temporary file the body was written to, if any, which the caller
    /// removes once the exchange is over.
    ///
    /// - Parameters:
    ///   - accept: Replaces the request's own `accept`: a stream asks for its stream format's
    ///     media type.
    ///   - options: The call's own headers, set over the request's, and retry policy.
    func makeHTTPRequest<R: Request>(
        for request: R, accept: String? = nil, options: CallOptions = CallOptions()
    ) throws(ClientError<R.Failure>) -> (request: HTTPRequest, temporaryFile: URL?) {
        let url = try url(for: request)

        // Every header and cookie is checked before the body is encoded, because encoding a
        // form with files writes a temporary file that a later refusal would leave behind.
        var parameterHeaders: [(name: String, value: String)] = []
        for parameter in request.headers {
            if let problem = parameter.problem {
                throw .encoding(problem)
            }
            guard let value = parameter.value else { continue }
            if let problem = Self.headerProblem(name: parameter.name, value: value) {
                throw .encoding(problem)
            }
            parameterHeaders.append((parameter.name, value))
        }
        let cookies = request.cookies
        if let problem = cookies.lazy.compactMap(\.problem).first {
            throw .encoding(problem)
        }
        for field in options.headers {
            if let problem = Self.headerProblem(name: field.name, value: field.value) {
                throw .encoding(problem)
            }
        }

        var headers = HTTPHeaders()
        let accept = accept ?? request.accept
        if !accept.isEmpty {
            headers.add("Accept", accept)
        }
        var body: HTTPBody?
        var temporaryFile: URL?
        if let requestBody = request.requestBody {
            headers.add("Content-Type", requestBody.contentType)
            do {
                let encoded = try requestBody.encode(request.coding)
                body = encoded.body
                temporaryFile = encoded.temporaryFile
            } catch let error as EncodingError {
                throw .encoding("could not encode the body: \(Self.describe(error))")
            } catch {
                throw .encoding("could not encode the body: \(error)")
            }
        }
        for (name, value) in parameterHeaders {
            headers.add(name, value)
        }
        if let cookie = CookieParameter.headerValue(cookies) {
            headers.add("Cookie", cookie)
        }
        for name in Set(options.headers.map { $0.name.lowercased() }) {
            headers.remove(name)
        }
        for field in options.headers {
            headers.add(field.name, field.value)
        }
        // One key per call, made before any attempt, so every retry repeats it.
        if let name = R.idempotencyKeyHeader, !headers.contains(name) {
            headers.add(name, UUID().uuidString)
        }

        do {
            var built = HTTPRequest(
                method: request.method, url: url, headers: headers, body: body,
                security: R.security, serverURL: serverURL(for: request), retryPolicy: options.retry)
            built.operationID = R.operationID
            return (try request.intercept(request: built), temporaryFile)
        } catch let error as ClientError<R.Failure> {
            Self.remove(temporaryFile)
            throw error
        } catch {
            Self.remove(temporaryFile)
            throw .encoding("intercept(request:) failed: \(error)")
        }
    }

    /// Removes a body's temporary file; a failure to do so must not hide the response.
    static func remove(_ temporaryFile: URL?) {
        if let temporaryFile { try? FileManager.default.removeItem(at: temporaryFile) }
    }

    /// The server the request goes to: the operation's own (`Request.server`) for a client made
    /// with `init(server:)`, else the base URL. Credentials are sent to its origin only.
    private func serverURL<R: Request>(for request: R) -> URL {
        usesRequestServers ? request.server?.url ?? baseURL : baseURL
    }

    /// The base URL (or the request's own server) with the request's path appended to its
    /// path, and the query: the base URL's, the path key's fixed one, then the parameters.
    ///
    /// Composed as text rather than with `appendingPathComponent`, which would percent-encode
    /// the already encoded path a second time, or `URL(string:relativeTo:)`, which would
    /// replace the base URL's path (`/v1`) instead of extending it.
    private func url<R: Request>(for request: R) throws(ClientError<R.Failure>) -> URL {
        let path = request.path
        let parameters = request.query
        if let problem = path.problem ?? parameters.lazy.compactMap(\.problem).first {
            throw .encoding(problem)
        }
        var base = serverURL(for: request).absoluteString
        var baseQuery: Substring?
        if let fragment = base.firstIndex(of: "#") {
            base = String(base[..<fragment])
        }
        if let questionMark = base.firstIndex(of: "?") {
            baseQuery = base[base.index(after: questionMark)...]
            base = String(base[..<questionMark])
        }
        while base.hasSuffix("/") {
            base.removeLast()
        }

        // A path key may end in a fixed query (`/responses?beta=true`, which some specs use to
        // tell operations apart): it joins the query parameters instead of coming before a
        // second `?`. A `#suffix` is a fragment, which is never sent. Path parameter values
        // cannot add either: they are percent-encoded (`%3F`, `%23`).
        var encodedPath = Substring(path.encoded)
        if let fragment = encodedPath.firstIndex(of: "#") {
            encodedPath = encodedPath[..<fragment]
        }
        var pathQuery: Substring?
        if let questionMark = encodedPath.firstIndex(of: "?") {
            pathQuery = encodedPath[encodedPath.index(after: questionMark)...]
            encodedPath = encodedPath[..<questionMark]
        }
        var text = base + (encodedPath.isEmpty || encodedPath.hasPrefix("/") ? encodedPath : "/" + encodedPath)
        let query = [baseQuery.map(String.init), pathQuery.map(String.init), QueryParameter.queryString(parameters)]
            .compactMap { $0 }
            .filter { !$0.isEmpty }
        if !query.isEmpty {
            text += "?" + query.joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw .encoding("\"\(text)\" is not a valid URL")
        }
        return url
    }

    /// Why a header cannot be sent, or `nil` when it can. Rejects names that are not RFC 9110
    /// tokens and values with CR, LF or NUL: sent as they are, they would end the header line
    /// and let a parameter value inject headers (or a whole second request) of its own.
    private static func headerProblem(name: String, value: String) -> String? {
        let isTokenCharacter: (UInt8) -> Bool = { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenCharacter) else {
            return "header name \"\(name)\" is not a valid HTTP field name"
        }
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            return "the value of header \(name) contains a line break or NUL, which could inject further header lines"
        }
        return nil
    }

    /// "invalid value at body.price: Unable to encode Double.infinity directly in JSON."
    private static func describe(_ error: EncodingError) -> String {
        switch error {
        case .invalidValue(_, let context):
            let path = DecodingErrorDescription.path(context.codingPath)
            return "invalid value at \(path.isEmpty ? "top level" : path): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
