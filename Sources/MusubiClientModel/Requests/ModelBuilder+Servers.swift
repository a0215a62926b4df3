import MusubiDocument
import MusubiReader

/// The spec's `servers` as members of the API's servers type, the value of its one `Server`
/// member (`Server.petstore`): a constant for a fixed URL, a function for one with variables
/// (`.petstore.production(region: .eu, version: "v2")`, every argument defaulting to the
/// variable's `default`), with an enum per variable that lists its values.
/// Servers that only some operations use (`servers` on a path item or an operation) are
/// declared the same way, and those requests name theirs in `Request.server`.
extension ModelBuilder {
    /// What the servers of the whole document become.
    struct ServerModel {
        var servers: [ServerDecision] = []
        var enums: [ServerVariableEnum] = []
        /// The server each non-relative server description is, by its key, for the requests
        /// and the package README to choose it by default.
        var choices: [Int: RequestDecision.ServerChoice] = [:]
    }

    /// The same server written in several places is one member.
    static func serverKey(_ server: ServerDescription) -> String {
        ([server.url] + server.variables.map { "\($0.name)=\($0.defaultValue)|\($0.allowedValues)" })
            .joined(separator: "\u{1}")
    }

    /// A number for the server, the same for every server of the same ``serverKey(_:)``: a
    /// server the spec writes once is keyed once, however many operations hold it (a
    /// `$ref`'d path item's, with thousands of variable values).
    func serverNumber(_ server: ServerDescription) -> Int {
        if server.identity != 0, let known = serverNumbers.byIdentity[server.identity] { return known }
        let key = Self.serverKey(server)
        let number = serverNumbers.byKey[key] ?? serverNumbers.byKey.count
        serverNumbers.byKey[key] = number
        if server.identity != 0 { serverNumbers.byIdentity[server.identity] = number }
        return number
    }

    func serverModel(operationNames: [String], apiMember: String) -> ServerModel {
        var model = ServerModel()
        var names = MemberNameRegistry()
        var enumNames = MemberNameRegistry()
        /// Variable enums by their values, so servers sharing a variable share its enum.
        var enumsByValues: [[String]: String] = [:]
        let single = document.servers.count == 1

        /// The variables of each server declared, by its number: a relative server, declared
        /// again at each mention, has its variables' values read once.
        var declaredVariables: [Int: [ServerDecision.Variable]] = [:]

        func variableDecisions(_ server: ServerDescription, name: String) -> [ServerDecision.Variable] {
            var variables: [ServerDecision.Variable] = []
            // `{region}` and `{Region}` are both `region` in Swift: one function cannot take two.
            var parameterNames = MemberNameRegistry()
            let declared = Set(server.variables.map(\.name))
            let used = Self.templateVariables(in: server.url)
            // Quoted once, however many variables a warning is about.
            let quotedURL = Diagnostic.excerpt(server.url)
            for undeclared in used where !declared.contains(undeclared) {
                let quoted = Diagnostic.excerpt(undeclared)
                warning(
                    "server variable '\(quoted)' of '\(quotedURL)' is not declared; the URL keeps '{\(quoted)}'",
                    at: server.location, of: server)
            }
            for variable in server.variables {
                guard used.contains(variable.name) else {
                    warning(
                        "server variable '\(Diagnostic.excerpt(variable.name))' does not appear in '\(quotedURL)'",
                        at: server.location, of: server)
                    continue
                }
                var value = ServerDecision.Value.text(defaultValue: variable.defaultValue)
                if !variable.allowedValues.isEmpty {
                    let type: String
                    if let existing = enumsByValues[variable.allowedValues] {
                        type = existing
                    } else {
                        type = enumNames.claimRaw(Self.variableTypeName(variable.name)).trimmingBackticks
                        enumsByValues[variable.allowedValues] = type
                        model.enums.append(variableEnum(type, variable: variable, serverName: name))
                    }
                    let caseNames = Self.caseNames(for: variable.allowedValues)
                    var chosen = variable.defaultValue
                    if !variable.allowedValues.contains(chosen) {
                        chosen = variable.allowedValues[0]
                        warning(
                            "the default '\(variable.defaultValue)' of server variable '\(variable.name)' is not one of its values; '\(chosen)' is used",
                            at: server.location, of: server)
                    }
                    value = .choice(
                        type: type, defaultCase: caseNames[variable.allowedValues.firstIndex(of: chosen) ?? 0])
                }
                variables.append(
                    ServerDecision.Variable(
                        name: parameterNames.claim(variable.name), specName: variable.name,
                        description: variable.description, value: value))
            }
            return variables
        }

        func declare(_ server: ServerDescription, candidate: @autoclosure () -> String) {
            let key = serverNumber(server)
            // A relative server has no choice, so each mention of it declares it again.
            guard model.choices[key] == nil else { return }
            let name = names.claimRaw(candidate())
            let variables = declaredVariables[key] ?? variableDecisions(server, name: name)
            declaredVariables[key] = variables
            // A server given as a path (`/v2`, or Swagger 2.0 without `host`) is on whatever
            // host serves the spec, which only the caller knows.
            let isRelative = !server.url.contains("://") && !server.url.hasPrefix("{")
            let decision = ServerDecision(
                name: name, url: server.url, description: server.description, isRelative: isRelative,
                variables: variables)
            model.servers.append(decision)
            if !isRelative {
                model.choices[key] = RequestDecision.ServerChoice(
                    apiMember: apiMember, member: name, isFunction: decision.isFunction)
            }
        }

        // The title's words, read once: a long title beside many servers is not read for each.
        let titleWords = Set(Naming.words(document.info.title))
        func serverName(_ server: ServerDescription) -> String? { Self.serverName(server, titleWords: titleWords) }
        let undescribed = Self.undescribedNames(document.servers.filter { serverName($0) == nil }.map(\.url))
        for (index, server) in document.servers.enumerated() {
            declare(
                server,
                candidate: serverName(server)
                    ?? (single ? "default" : undescribed[server.url] ?? "server\(index + 1)"))
        }
        for (operation, requestName) in zip(surface.operations, operationNames) {
            for server in operation.servers {
                declare(
                    server,
                    candidate: serverName(server) ?? Self.hostName(server.url) ?? Naming.memberName(requestName))
            }
            if let relative = operation.servers.first(where: { model.choices[serverNumber($0)] == nil }) {
                warning(
                    "the server '\(relative.url)' of \(operation.method.rawValue.uppercased()) \(operation.path) is a path only; the request goes to the client's server",
                    at: relative.location, of: operation)
            }
        }
        return model
    }

    /// The member name a server's short description gives (`Production` → `production`),
    /// without an article, the word "server" around it ("Production server", "Server for file
    /// uploads" → `fileUploads`) or the API's own name, which every server of the API shares
    /// (Svix's "The Svix EU Region" → `euRegion`); nil for a description of more than four
    /// words, or of none once those are left out.
    private static func serverName(_ server: ServerDescription, titleWords: Set<String>) -> String? {
        guard let described = server.description else { return nil }
        // "Production server" is `production`, "Server for file uploads" `fileUploads`: every
        // server is one.
        var spelled = described.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let count = spelled.count
        if let first = spelled.first, ["server", "servers"].contains(first.lowercased()) {
            spelled.removeFirst()
            if spelled.first?.lowercased() == "for" { spelled.removeFirst() }
        }
        if spelled.count > 1, let last = spelled.last, ["server", "servers"].contains(last.lowercased()) {
            spelled.removeLast()
        }
        guard !spelled.isEmpty else { return nil }
        let description = spelled.joined(separator: " ")
        let words = Naming.words(description)
        guard !words.isEmpty, words.count <= 4 else { return nil }
        let own = words.filter { !["the", "a", "an"].contains($0) && !titleWords.contains($0) }
        // Whole words, in the description's spelling, so capitals the author wrote stay.
        let kept = spelled.filter { Naming.words(String($0)).contains(where: own.contains) }
        guard !own.isEmpty, !kept.isEmpty else {
            // "Box Platform API server": the API's server, as an undescribed one is named.
            return spelled.count < count ? nil : Naming.memberName(description)
        }
        return Naming.memberName(kept.joined(separator: " "))
    }

    /// Names for servers of the API without a description, by URL, when what tells them apart
    /// makes one: the scheme, when that is all (Swagger 2's `schemes: [https, http]` are
    /// `https` and `http`), else the host (``hostName(_:)``), when each has its own. Empty
    /// when neither does, or for fewer than two servers.
    private static func undescribedNames(_ urls: [String]) -> [String: String] {
        guard urls.count > 1, Set(urls).count == urls.count else { return [:] }
        func split(_ url: String) -> (scheme: String, rest: Substring)? {
            guard let end = url.range(of: "://") else { return nil }
            return (url[..<end.lowerBound].lowercased(), url[end.upperBound...])
        }
        let parts = urls.compactMap(split)
        if parts.count == urls.count, Set(parts.map(\.rest)).count == 1,
            parts.allSatisfy({ $0.scheme == "http" || $0.scheme == "https" })
        {
            return Dictionary(uniqueKeysWithValues: zip(urls, parts.map(\.scheme)))
        }
        let hosts = urls.map(hostName)
        guard hosts.allSatisfy({ $0 != nil }), Set(hosts).count == hosts.count else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip(urls, hosts.map { $0! }))
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

    /// The enum case names for a variable's values, in order; never a member the enum has
    /// already as `RawRepresentable`, `CaseIterable` and `Hashable`.
    private static func caseNames(for values: [String]) -> [String] {
        var names = MemberNameRegistry(reserving: ["allCases", "rawValue", "hashValue"])
        return values.map { names.claimRaw(Naming.memberName($0), suffix: "Value") }
    }

    /// The name of the enum of a variable's values, nested in the API's servers type: a name
    /// that is a type of Swift, a platform framework or the runtime (`server`, `string`) takes
    /// `Value` after it, as inside the servers type it would hide that type from the code
    /// around it (`-> Server`, `: String`).
    private static func variableTypeName(_ variable: String) -> String {
        let name = Naming.typeName(variable)
        let taken = SwiftKeywords.takenTypeNames.contains(name) || PlatformTypeNames.all.contains(name)
        return taken ? name + "Value" : name
    }

    /// The names between braces in a server URL, each once, in order; a set besides, as a
    /// hostile URL can name millions.
    private static func templateVariables(in url: String) -> OrderedNames {
        var names = OrderedNames()
        var rest = url[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            names.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// Names in the order first met, each once, with a set to look them up.
    struct OrderedNames: Sequence {
        private var order: [String] = []
        private var set: Set<String> = []

        mutating func append(_ name: String) {
            if set.insert(name).inserted { order.append(name) }
        }

        func contains(_ name: String) -> Bool { set.contains(name) }

        func makeIterator() -> IndexingIterator<[String]> { order.makeIterator() }
    }

    private func variableEnum(_ name: String, variable: ServerDescription.Variable, serverName: String)
        -> ServerVariableEnum
    {
        ServerVariableEnum(
            name: name, variable: variable.name, server: serverName.trimmingBackticks,
            description: variable.description,
            cases: zip(variable.allowedValues, Self.caseNames(for: variable.allowedValues)).map { value, caseName in
                ServerVariableEnum.Case(name: caseName, value: value)
            })
    }
}
