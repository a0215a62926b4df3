import MusubiDocument

/// The spec's `servers` as static members of `Server`: a constant for a fixed URL, a function
/// for one with variables (`Server.production(region: .eu, version: "v2")`, every argument
/// defaulting to the variable's `default`), with an enum per variable that lists its values.
/// Servers that only some operations use (`servers` on a path item or an operation) are
/// declared the same way, and those requests name theirs in `Request.server`.
extension ModelBuilder {
    /// What the servers of the whole document become.
    struct ServerModel {
        var declarations: [ServerDeclaration] = []
        var enums: [ServerEnumDeclaration] = []
        /// The expression choosing a server by default (`.uploads`, `.files()`), by its key.
        var references: [String: String] = [:]
    }

    /// The same server written in several places is one member.
    static func serverKey(_ server: ServerDescription) -> String {
        ([server.url] + server.variables.map { "\($0.name)=\($0.defaultValue)|\($0.allowedValues)" })
            .joined(separator: "\u{1}")
    }

    func serverModel(operationNames: [String]) -> ServerModel {
        var model = ServerModel()
        var names = MemberNameRegistry(reserving: ["url", "init"])
        var enumNames = MemberNameRegistry()
        /// Variable enums by their values, so servers sharing a variable share its enum.
        var enumsByValues: [[String]: String] = [:]
        let single = document.servers.count == 1

        func declare(_ server: ServerDescription, candidate: String) {
            let key = Self.serverKey(server)
            guard model.references[key] == nil else { return }
            let name = names.claimRaw(candidate)
            var parameters: [String] = []
            var parameterDocs: [String] = []
            var interpolated: [String: String] = [:]
            for variable in server.variables {
                guard server.url.contains("{\(variable.name)}") else {
                    warning(
                        "server variable '\(variable.name)' does not appear in '\(server.url)'", at: server.location)
                    continue
                }
                let parameter = Naming.memberName(variable.name)
                var type = "String"
                var defaultValue = SwiftSourceText.stringLiteral(variable.defaultValue)
                var value = parameter
                if !variable.allowedValues.isEmpty {
                    if let existing = enumsByValues[variable.allowedValues] {
                        type = existing
                    } else {
                        type = enumNames.claimRaw(Naming.typeName(variable.name)).trimmingBackticks
                        enumsByValues[variable.allowedValues] = type
                        model.enums.append(variableEnum(type, variable: variable, serverName: name))
                    }
                    let caseNames = Self.caseNames(for: variable.allowedValues)
                    var chosen = variable.defaultValue
                    if !variable.allowedValues.contains(chosen) {
                        chosen = variable.allowedValues[0]
                        warning(
                            "the default '\(variable.defaultValue)' of server variable '\(variable.name)' is not one of its values; '\(chosen)' is used",
                            at: server.location)
                    }
                    defaultValue = "." + caseNames[variable.allowedValues.firstIndex(of: chosen) ?? 0]
                    value = parameter + ".rawValue"
                }
                parameters.append("\(parameter): \(type) = \(defaultValue)")
                parameterDocs.append("- \(parameter): \(variable.description ?? "The `\(variable.name)` variable.")")
                interpolated[variable.name] = value
            }
            // A server given as a path (`/v2`, or Swagger 2.0 without `host`) is on whatever
            // host serves the spec, which only the caller knows.
            let isRelative = !server.url.contains("://") && !server.url.hasPrefix("{")
            let literal = Self.interpolatedLiteral(server.url, values: interpolated)
            let declarationLines: [String]
            if isRelative {
                declarationLines = function(
                    name, parameters: ["on origin: URL"] + parameters, body: "Server(path: \(literal), on: origin)")
            } else if parameters.isEmpty {
                declarationLines = ["\(access)static let \(name) = Server(\(literal))"]
            } else {
                declarationLines = function(name, parameters: parameters, body: "Server(\(literal))")
            }
            let location =
                isRelative ? "`\(server.url)` on the given origin (`https://example.com`)." : "`\(server.url)`"
            let parameterParagraph =
                parameterDocs.isEmpty
                ? nil : "- Parameters:\n" + parameterDocs.map { "  " + $0 }.joined(separator: "\n")
            model.declarations.append(
                ServerDeclaration(
                    name: name, urlLiteral: literal,
                    docLines: SwiftSourceText.docLines([server.description, location, parameterParagraph]),
                    declarationLines: declarationLines,
                    hasBlankLineBefore: !model.declarations.isEmpty))
            model.references[key] = "." + name + (isRelative || !parameters.isEmpty ? "()" : "")
            if isRelative { model.references[key] = nil }
        }

        for (index, server) in document.servers.enumerated() {
            declare(server, candidate: Self.serverName(server) ?? (single ? "default" : "server\(index + 1)"))
        }
        for (operation, requestName) in zip(surface.operations, operationNames) {
            for server in operation.servers {
                declare(
                    server,
                    candidate: Self.serverName(server) ?? Self.hostName(server.url) ?? Naming.memberName(requestName))
            }
            if let relative = operation.servers.first(where: { model.references[Self.serverKey($0)] == nil }) {
                warning(
                    "the server '\(relative.url)' of \(operation.method.rawValue.uppercased()) \(operation.path) is a path only; the request goes to the client's server",
                    at: relative.location)
            }
        }
        return model
    }

    /// The member name a server's short description gives (`Production` → `production`).
    private static func serverName(_ server: ServerDescription) -> String? {
        guard let description = server.description, !Naming.words(description).isEmpty,
            Naming.words(description).count <= 4
        else { return nil }
        return Naming.memberName(description)
    }

    /// `https://files.stripe.com/` → `files`: the first label of the host that says more than
    /// `api` or `www` does.
    private static func hostName(_ url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let host = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != ":" }
        let labels = host.split(separator: ".").dropLast()
        guard !host.contains("{"),
            let label = labels.first(where: { !["api", "www"].contains($0.lowercased()) }),
            !Naming.words(String(label)).isEmpty
        else { return nil }
        return Naming.memberName(String(label))
    }

    private func function(_ name: String, parameters: [String], body: String) -> [String] {
        let signature = "\(access)static func \(name)(\(parameters.joined(separator: ", "))) -> Server"
        if 4 + signature.count <= LineLayout.lineLength {
            return LineLayout.computedProperty(signature, expression: body, indent: 4)
        }
        return LineLayout.list(
            open: "\(access)static func \(name)(", items: parameters, close: ") -> Server {", indent: 4,
            trailingComma: false)
            + ["    " + body, "}"]
    }

    /// `"https://\\(region.rawValue).example.com"`: the URL template as a string literal with
    /// each declared variable interpolated (an undeclared `{name}` stays as text).
    private static func interpolatedLiteral(_ template: String, values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else {
                result += SwiftSourceText.literalContent(String(rest[...close]))
                rest = rest[rest.index(after: close)...]
                continue
            }
            result += SwiftSourceText.literalContent(String(rest[..<open])) + "\\(\(value))"
            rest = rest[rest.index(after: close)...]
        }
        return "\"" + result + SwiftSourceText.literalContent(String(rest)) + "\""
    }

    /// The enum case names for a variable's values, in order.
    private static func caseNames(for values: [String]) -> [String] {
        var names = MemberNameRegistry()
        return values.map { names.claim($0) }
    }

    private func variableEnum(_ name: String, variable: ServerDescription.Variable, serverName: String)
        -> ServerEnumDeclaration
    {
        let lines = zip(variable.allowedValues, Self.caseNames(for: variable.allowedValues)).map { value, caseName in
            let literal = SwiftSourceText.stringLiteral(value)
            return caseName.trimmingBackticks == value ? "case \(caseName)" : "case \(caseName) = \(literal)"
        }
        return ServerEnumDeclaration(
            name: name,
            docLines: SwiftSourceText.docLines([
                variable.description,
                "The values of the `\(variable.name)` variable of `Server.\(serverName.trimmingBackticks)`.",
            ]),
            caseLines: lines)
    }
}
