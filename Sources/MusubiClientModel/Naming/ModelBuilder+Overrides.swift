import MusubiDocument

/// The user's name and type overrides, applied where names and types are decided.
extension ModelBuilder {
    /// The names claimed before any type is declared.
    struct ClaimedNames {
        /// The protocol every request conforms to (`PetstoreRequest`).
        var protocolName: String
        /// The type holding the API's servers (`PetstoreServers`), claimed only when there are
        /// servers.
        var serversTypeName: String
        /// The type holding the API's security schemes (`PetstoreSecuritySchemes`), claimed only
        /// when there are security schemes.
        var securitySchemesTypeName: String
        /// The request type of each selected operation, in order.
        var operations: [String]
    }

    /// Claims the Swift names of the API's protocol, the generated component schemas (into
    /// ``TypeCatalog/componentTypeNames``) and the operations.
    ///
    /// The protocol comes first, then the servers and security schemes types, then supplied
    /// types (they are not generated, so they claim nothing), then the names the user chose (so
    /// they win over derived ones), then the derived names in the usual order: component
    /// schemas, then operations.
    func claimNames(for selection: Selection) -> ClaimedNames {
        let protocolName = naming.typeNames.claim(apiName + "Request")
        let hasServers = !document.servers.isEmpty || selection.operations.contains { !$0.servers.isEmpty }
        let serversTypeName = hasServers ? naming.typeNames.claim(apiName + "Servers") : apiName + "Servers"
        let schemesName = apiName + "SecuritySchemes"
        let securitySchemesTypeName =
            document.securitySchemes.isEmpty ? schemesName : naming.typeNames.claim(schemesName)
        let schemas = selection.schemas
        let operations = selection.operations
        let names = options.names
        for named in schemas {
            guard let supplied = options.types.schemas[named.name] else { continue }
            catalog.componentTypeNames[named.name] = supplied.value
            catalog.suppliedComponentTypes[named.name] = SwiftType(userSpelling: supplied.value)
            if let renamed = names.schemas[named.name] {
                report(
                    .warning,
                    "\(renamed.origin.setting) '\(named.name)' has no effect: types.schemas gives the schema the type '\(supplied.value)'",
                    about: renamed.origin)
            }
        }
        for named in schemas where catalog.componentTypeNames[named.name] == nil {
            guard let chosen = names.schemas[named.name] else { continue }
            catalog.componentTypeNames[named.name] = claimChosenTypeName(chosen)
        }
        var chosenOperationNames: [Int: String] = [:]
        if !names.operations.isEmpty {
            for (index, operation) in operations.enumerated() {
                guard let id = operation.operationID, let chosen = names.operations[id] else { continue }
                chosenOperationNames[index] = claimChosenTypeName(chosen)
            }
        }
        // An operation keeps its natural name when a schema has the same one (OpenAI's
        // `createResponse` and its body schema `CreateResponse`): the request is what a caller
        // writes at every call, so the schema steps aside with the `Model` suffix, as from a
        // platform type, rather than the request becoming `CreateResponse2`.
        let prefix = Self.apiPathPrefix(operations.map(\.path))
        var naturalNames = operations.indices.map {
            chosenOperationNames[$0] == nil
                ? requestName(
                    for: operations[$0], sharedSegments: Self.prefixSegments(prefix, of: operations[$0].path))
                : ""
        }
        // A name shortened from a FastAPI ID, or from a path without the API's prefix, that two
        // operations would share is the whole ID or path for both, rather than a number for one
        // (Radarr's `GET /api/v3/ping` beside `GET /ping`).
        var counts: [String: Int] = [:]
        for name in naturalNames where !name.isEmpty { counts[name.lowercased(), default: 0] += 1 }
        for index in operations.indices where counts[naturalNames[index].lowercased(), default: 0] > 1 {
            guard chosenOperationNames[index] == nil else { continue }
            naturalNames[index] = requestName(for: operations[index], shortening: false)
        }
        naturalNames = Self.withoutSharedPrefix(
            naturalNames, of: operations.indices.filter { chosenOperationNames[$0] == nil },
            title: document.info.title)
        // FastAPI's body schemas, `Body_<operation ID>`, follow the operation's name.
        var bodyNames: [String: String] = [:]
        for (index, operation) in operations.enumerated() where chosenOperationNames[index] == nil {
            guard let id = operation.operationID, Self.fastAPIName(id, of: operation) != nil else { continue }
            bodyNames["Body_" + id] = naturalNames[index] + "Body"
        }
        // Compared ignoring case, as type names are (their files must differ on a
        // case-insensitive disk): Hydra's `oauth2TokenExchange` beside `oAuth2TokenExchange`.
        let requestNames = Set(
            operations.indices.filter { chosenOperationNames[$0] == nil }.map { naturalNames[$0].lowercased() })
        for named in schemas where catalog.componentTypeNames[named.name] == nil {
            let derived = bodyNames[named.name] ?? Self.componentTypeName(named.name)
            let candidate = requestNames.contains(derived.lowercased()) ? derived + "Model" : derived
            catalog.componentTypeNames[named.name] = naming.typeNames.claim(candidate)
        }
        for named in schemas where options.types.schemas[named.name] == nil {
            overrides.specSchemaNames[catalog.componentTypeNames[named.name]!] = named.name
        }
        return ClaimedNames(
            protocolName: protocolName,
            serversTypeName: serversTypeName,
            securitySchemesTypeName: securitySchemesTypeName,
            operations: operations.indices.map {
                chosenOperationNames[$0] ?? naming.typeNames.claim(naturalNames[$0], steppingAsideAs: "Request")
            })
    }

    /// A type name the user chose, made a valid identifier and unique, with a warning when it
    /// could not be used as written.
    private func claimChosenTypeName(_ chosen: Configured<String>) -> String {
        let wanted = chosen.value
        let valid = Naming.isIdentifier(wanted) ? wanted : Naming.typeName(wanted)
        let claimed = naming.typeNames.claim(valid)
        if claimed != wanted {
            report(.warning, unusableNameMessage(chosen, valid: valid, claimed: claimed), about: chosen.origin)
        }
        return claimed
    }

    /// The name the user chose for a member of the type `typeName` (a property by its JSON
    /// key, an enum case by its raw value), looked up by the schema's spec name, then by the
    /// Swift type name.
    func chosenMemberName(
        _ table: [String: Configured<String>], kind: String, typeName: String, key: String
    ) -> Configured<String>? {
        guard !table.isEmpty else { return nil }
        var candidates = ["\(typeName).\(key)"]
        if let specName = overrides.specSchemaNames[typeName], specName != typeName {
            candidates.insert("\(specName).\(key)", at: 0)
        }
        for candidate in candidates {
            if let chosen = table[candidate] {
                overrides.appliedOverrides.insert("\(kind):\(candidate)")
                return chosen
            }
        }
        return nil
    }

    /// Claims a member name the user chose in `registry`: made a valid identifier, backticked
    /// if it is a keyword, numbered if taken, with a warning when it changed.
    func claimChosenMemberName(_ chosen: Configured<String>, in registry: inout MemberNameRegistry) -> String {
        let wanted = chosen.value
        let valid = Naming.isIdentifier(wanted) ? wanted : Naming.memberName(wanted)
        let claimed = registry.claimRaw(valid)
        if claimed.trimmingBackticks != wanted {
            report(
                .warning, unusableNameMessage(chosen, valid: valid, claimed: claimed.trimmingBackticks),
                about: chosen.origin)
        }
        return claimed
    }

    private func unusableNameMessage(_ chosen: Configured<String>, valid: String, claimed: String) -> String {
        let setting = chosen.origin.setting
        if valid != chosen.value {
            return "\(setting): '\(chosen.value)' is not a Swift identifier; using '\(claimed)'"
        }
        return
            "\(setting): '\(chosen.value)' is taken (by Swift, Foundation, the runtime or another generated name); using '\(claimed)'"
    }

    /// The Swift type the user gives scalars of this schema's `format`, if any.
    func suppliedFormatType(for schema: Schema) -> SwiftType? {
        guard let format = schema.format, let supplied = options.types.formats[format] else { return nil }
        overrides.appliedOverrides.insert("formats:\(format)")
        return SwiftType(userSpelling: supplied.value)
    }

    /// Warns about overrides that name nothing in the spec, at the place they were written.
    /// Those naming what the filter left out are fine: one configuration may serve several runs.
    func reportUnappliedOverrides(keptSchemas: Set<String>) {
        for (name, chosen) in sorted(options.names.schemas) where catalog.componentSchemas[name] == nil {
            report(.warning, "\(chosen.origin.setting): '\(name)' is not a schema of the spec", about: chosen.origin)
        }
        for (name, supplied) in sorted(options.types.schemas) where catalog.componentSchemas[name] == nil {
            report(
                .warning, "\(supplied.origin.setting): '\(name)' is not a schema of the spec", about: supplied.origin)
        }
        if !options.names.operations.isEmpty {
            let identifiers = Set(document.operations.compactMap(\.operationID))
            for (id, chosen) in sorted(options.names.operations) where !identifiers.contains(id) {
                report(
                    .warning, "\(chosen.origin.setting): '\(id)' is not an operationId of the spec",
                    about: chosen.origin)
            }
        }
        if !options.pagination.isEmpty {
            let identifiers = Set(document.operations.compactMap(\.operationID))
            for (id, rule) in sorted(options.pagination) where !identifiers.contains(id) {
                report(
                    .warning, "\(rule.origin.setting): '\(id)' is not an operationId of the spec", about: rule.origin)
            }
        }
        for (table, kind, member) in [
            (options.names.properties, "properties", "property (keys are 'Type.jsonKey')"),
            (options.names.enumCases, "enum-cases", "enum value (keys are 'Type.value')"),
        ] {
            for (key, chosen) in sorted(table)
            where !overrides.appliedOverrides.contains("\(kind):\(key)") && !namesLeftOutSchema(key, kept: keptSchemas)
            {
                report(
                    .warning,
                    "\(chosen.origin.setting): '\(key)' is no \(member) of a generated type; Type is the schema's name in the spec or its Swift type name",
                    about: chosen.origin)
            }
        }
        if options.filter.isEmpty {
            for (format, supplied) in sorted(options.types.formats)
            where !overrides.appliedOverrides.contains("formats:\(format)") {
                report(
                    .warning, "\(supplied.origin.setting): no scalar schema of the spec has format '\(format)'",
                    about: supplied.origin)
            }
        }
    }

    /// Whether `key` (`Type.member`) starts with the name of a schema the filter left out.
    private func namesLeftOutSchema(_ key: String, kept: Set<String>) -> Bool {
        key.indices.contains { index in
            guard key[index] == "." else { return false }
            let prefix = String(key[..<index])
            return catalog.componentSchemas[prefix] != nil && !kept.contains(prefix)
        }
    }

    private func sorted<Value>(_ table: [String: Configured<Value>]) -> [(String, Configured<Value>)] {
        table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension ModelBuilder {
    /// A component schema's type name: its words, and `List` for the `[]` some tools write
    /// after an array's element (Bungie's `BungieMembershipType[]`, beside
    /// `BungieMembershipType`, was `BungieMembershipType2`).
    static func componentTypeName(_ name: String) -> String {
        guard name.hasSuffix("[]"), name.count > 2 else { return Naming.typeName(name) }
        return Naming.typeName(String(name.dropLast(2))) + "List"
    }

    /// `names` (of the operations at `offsets`) without the word every one of them starts
    /// with, when that word is a version (`v1`) or a word of the API's title: Svix's
    /// `v1.application.list` is `ApplicationList` and YouTube's `youtube.videos.list`
    /// `VideosList`, where every request said `V1` or `Youtube` and so none. Only when at
    /// least two names start with it, each has more to say after it, and the names stay apart.
    static func withoutSharedPrefix(_ names: [String], of offsets: [Int], title: String) -> [String] {
        guard offsets.count > 1 else { return names }
        let firstWords = Set(offsets.map { Naming.words(names[$0]).first ?? "" })
        guard firstWords.count == 1, let word = firstWords.first, !word.isEmpty else { return names }
        let isVersion = word.count > 1 && word.first == "v" && word.dropFirst().allSatisfy(\.isNumber)
        guard isVersion || Self.isRun(of: Naming.words(title), word) else { return names }
        var shortened = names
        var seen: Set<String> = []
        for offset in offsets {
            let name = names[offset]
            // The word as the name spells it: as many letters and digits as the word has.
            let rest = name.dropFirst(word.count)
            guard name.prefix(word.count).lowercased() == word, let first = rest.first, first.isUppercase,
                seen.insert(rest.lowercased()).inserted
            else { return names }
            shortened[offset] = String(rest)
        }
        return shortened
    }

    /// Whether `word` is one of `words`, or several of them in a row run together (`YouTube`
    /// is `you tube`).
    ///
    /// The words are joined once and `word` is looked for in them by its UTF-8 bytes
    /// (Knuth–Morris–Pratt), a find counting when it starts and ends where words do: linear in
    /// the words and the word. Building each run of words and counting its characters cost
    /// words × word² (20 000 one-letter title words and a 2 000-letter word: over 2 minutes).
    static func isRun(of words: [String], _ word: String) -> Bool {
        let pattern = Array(word.utf8)
        guard !pattern.isEmpty else { return false }
        var text: [UInt8] = []
        var boundaries: Set<Int> = [0]
        for next in words {
            text.append(contentsOf: next.utf8)
            boundaries.insert(text.count)
        }
        let match = ByteSearch.firstMatch(of: pattern, in: text) { start in
            boundaries.contains(start) && boundaries.contains(start + pattern.count)
        }
        return match != nil
    }
}
