extension RequestDecision {
    /// The request with every type it mentions renamed by `rename` (nil keeps a name): its
    /// parameters', body's, part headers', responses', events' and paginated items' types.
    ///
    /// Types renamed after the requests were built (``ModelBuilder/namingSharedShapes(_:)``)
    /// keep their old names as aliases, so a type held somewhere this misses still compiles,
    /// under its old name.
    func renamingTypes(_ rename: (String) -> String?) -> RequestDecision {
        var request = self
        for index in request.parameters.indices {
            request.parameters[index].type = request.parameters[index].type.renaming(rename)
        }
        if var body = request.body {
            switch body.content {
            case .single(let format):
                body.content = .single(format.renamingTypes(rename))
            case .alternatives(var alternatives):
                for index in alternatives.indices {
                    alternatives[index].format = alternatives[index].format.renamingTypes(rename)
                }
                body.content = .alternatives(alternatives)
            }
            for field in body.fieldEncodings.indices {
                for header in body.fieldEncodings[field].headers.indices {
                    body.fieldEncodings[field].headers[header].type =
                        body.fieldEncodings[field].headers[header].type.renaming(rename)
                }
            }
            request.body = body
        }
        request.responses.success = request.responses.success.renamingTypes(rename)
        request.responses.failure = request.responses.failure?.renamingTypes(rename)
        if let stream = request.stream { request.stream?.eventType = stream.eventType.renaming(rename) }
        if let pagination = request.pagination {
            request.pagination?.itemType = pagination.itemType.renaming(rename)
        }
        return request
    }
}

extension RequestDecision.BodyFormat {
    func renamingTypes(_ rename: (String) -> String?) -> Self {
        switch self {
        case .json(let type, let contentType):
            return .json(type.renaming(rename), contentType: contentType)
        case .form(let type, let contentType, let usesFieldEncodings):
            return .form(type.renaming(rename), contentType: contentType, usesFieldEncodings: usesFieldEncodings)
        case .multipart(let type, let contentType, let usesFieldEncodings):
            return .multipart(type.renaming(rename), contentType: contentType, usesFieldEncodings: usesFieldEncodings)
        case .text, .binary:
            return self
        }
    }
}

extension RequestDecision.Outcome {
    func renamingTypes(_ rename: (String) -> String?) -> Self {
        func renamed(_ payload: RequestDecision.Payload) -> RequestDecision.Payload {
            var payload = payload
            payload.type = payload.type.renaming(rename)
            payload.headers = payload.headers?.renaming(rename)
            return payload
        }
        switch self {
        case .single(let payload):
            return .single(renamed(payload))
        case .byStatus(var cases):
            for index in cases.indices { cases[index].payload = renamed(cases[index].payload) }
            return .byStatus(cases)
        }
    }
}
