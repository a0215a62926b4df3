import MusubiReader

/// What reading operations shares between OpenAPI 3 and Swagger 2.0: the walk over `paths`,
/// the order of a path item's operations, the check of path templates against path
/// parameters, and the statuses of a `responses` mapping.
///
/// It needs the document's `paths` (through the resolver's main file), the resolver for path
/// items written as `$ref`s, and the reporter; ``OperationsLoader`` and
/// ``Swagger2Normaliser`` read the operations themselves.
struct PathWalker: SpecReading {
    let reporter: LoadingReporter
    let resolver: ReferenceResolver
    /// The document's own file, whose `paths` are walked.
    var main: SpecFile { resolver.main }
    /// The parameters the operations hold so far (see ``counting(_:at:)``).
    private let parameterUses = ParameterUses()

    private final class ParameterUses {
        var count = 0
    }

    /// The most parameters the operations may hold in all, each counted for every operation
    /// that holds it (GitHub's 2 137): a path item written once and `$ref`'d by every path
    /// gives each of its operations its own copy of the item's parameters, and every later
    /// stage decides each operation's own, so a shared list of N parameters under N operations
    /// is N² of work however it is stored.
    static let maximumParameterUses = 200_000

    /// Whether the operations may hold `count` more parameters: false, after one error for
    /// the spec at `location`, once they would hold more than ``maximumParameterUses`` (and
    /// for every operation after).
    func counting(_ count: Int, at location: SourceLocation) -> Bool {
        guard parameterUses.count <= Self.maximumParameterUses else { return false }
        parameterUses.count += count
        guard parameterUses.count <= Self.maximumParameterUses else {
            error(
                "the operations of this spec hold more than \(Self.maximumParameterUses) parameters, counting each "
                    + "shared one (a path item's, or a '$ref'd path item's) for every operation",
                at: location)
            return false
        }
        return true
    }

    /// The walk over `paths` that every version shares: each path item, followed through its
    /// `$ref` (into another file too) and read in the file it is in, gives its operations.
    func operations(
        itemFields: Set<String>,
        _ operations: (_ path: String, _ pathLocation: SourceLocation, _ item: Node) -> [APIOperation]
    ) -> [APIOperation] {
        guard let paths = main.root["paths"] else { return [] }
        if paths.isNull {
            // `paths:` with nothing after it, as in a spec written for its schemas alone.
            warning("'paths' is empty (null); the client has no operations", at: paths.location)
            return []
        }
        guard let mapping = paths.mapping else {
            error("'paths' must be a mapping", at: paths.location)
            return []
        }
        var result: [APIOperation] = []
        for entry in mapping where !entry.key.hasPrefix("x-") {
            guard entry.key.hasPrefix("/") else {
                warning("path '\(entry.key)' should start with '/'", at: entry.keyLocation)
                continue
            }
            if let problem = Self.templateProblem(in: entry.key) {
                warning(
                    "path '\(entry.key)' is not a valid path template (\(problem)); its operations are skipped",
                    at: entry.keyLocation)
                continue
            }
            let found = resolver.withDereferenced(entry.value) { item -> [APIOperation] in
                checkKeys(of: item, known: itemFields, in: "path item '\(entry.key)'")
                // The path's key is in the document's own file, whichever file the item is in.
                return operations(entry.key, entry.keyLocation, item)
            }
            result += found ?? []
        }
        return result
    }

    /// What `read` makes of each operation of a path item, in the order the author wrote them.
    /// An operation written as a `$ref` (DigitalOcean's spec has a file per operation) is not
    /// OpenAPI, where only path items may be references, but tools that bundle specs follow it:
    /// so does this, reading the operation in the file it is in, with one warning for the spec.
    func operations<Read>(
        of item: Node, _ read: (_ method: APIOperation.Method, _ node: Node) -> Read?
    ) -> [Read] {
        Self.operationEntries(of: item).compactMap { method, node in
            guard node["$ref"] != nil else { return read(method, node) }
            reporter.warningOnce(
                "an operation is written as a '$ref', which OpenAPI allows only for a path item; this one and "
                    + "every other are read where they point",
                kind: "operation-reference", at: node.location)
            return resolver.withDereferenced(node) { read(method, $0) }
        }
    }

    /// The operations of a path item in the order the author wrote them, like everything
    /// else the client declares.
    static func operationEntries(of item: Node) -> [(method: APIOperation.Method, node: Node)] {
        (item.mapping ?? Mapping([])).compactMap { field in
            APIOperation.Method(rawValue: field.key).map { ($0, field.value) }
        }
    }

    /// Every `{name}` in the path template needs a path parameter, or the client could not
    /// build the URL. Specs forget one now and then, or spell it differently from the
    /// template: a declared path parameter the template lacks whose name matches the missing
    /// one but for case and punctuation (`pet_id` for `{petId}`) is taken as it, so is a query,
    /// header or cookie parameter of that name, and a name still missing becomes a required
    /// string parameter, each with a warning. A declared
    /// path parameter the template lacks is then dropped with a warning, since sending it
    /// nowhere is what the author must have meant.
    func checkPathParameters(path: String, parameters: inout [Parameter], at location: SourceLocation) {
        let names = Self.templateNames(in: path)
        let nameSet = Set(names)
        var declared = Set(parameters.filter { $0.location == .path }.map(\.name))
        let quotedPath = Diagnostic.excerpt(path)
        // The parameters that may be taken for a missing name, by loose name, last first: a
        // path parameter the template lacks, and a query, header or cookie one. Each is taken
        // once at most, and what is appended never qualifies, so the lists are made once.
        var loosePath: [String: [Int]] = [:]
        var looseOther: [String: [Int]] = [:]
        if names.contains(where: { !declared.contains($0) }) {
            for (index, parameter) in parameters.enumerated().reversed() {
                if parameter.location == .path {
                    if !nameSet.contains(parameter.name) {
                        loosePath[Self.looseName(parameter.name), default: []].append(index)
                    }
                } else if parameter.contentType == nil {
                    looseOther[Self.looseName(parameter.name), default: []].append(index)
                }
            }
        }
        for name in names where !declared.contains(name) {
            declared.insert(name)
            let loose = Self.looseName(name)
            if let index = loosePath[loose]?.popLast() {
                warning(
                    "path parameter '\(parameters[index].name)' is written '{\(name)}' in '\(quotedPath)'; "
                        + "taking it as that",
                    at: parameters[index].sourceLocation)
                parameters[index].name = name
                continue
            }
            // Intercom declares `{job_identifier}` `in: query`: the template says where it goes.
            if let index = looseOther[loose]?.popLast() {
                warning(
                    "parameter '\(parameters[index].name)' is declared in \(parameters[index].location.rawValue) but "
                        + "written '{\(name)}' in '\(quotedPath)'; taking it as that path parameter",
                    at: parameters[index].sourceLocation)
                parameters[index].name = name
                parameters[index].location = .path
                parameters[index].required = true
                parameters[index].style = .simple
                parameters[index].explode = false
                continue
            }
            warning(
                "path parameter '\(name)' in '\(quotedPath)' has no definition; it is sent as a required string",
                at: location)
            parameters.append(
                Parameter(
                    name: name, location: .path, required: true, description: nil, deprecated: false,
                    schema: Schema(types: ["string"], location: location), style: .simple, explode: false,
                    sourceLocation: location))
        }
        parameters.removeAll { parameter in
            guard parameter.location == .path, !nameSet.contains(parameter.name) else { return false }
            warning(
                "path parameter '\(parameter.name)' does not appear in '\(quotedPath)' and is ignored",
                at: parameter.sourceLocation)
            return true
        }
        for index in parameters.indices where parameters[index].location == .path && !parameters[index].required {
            warning(
                "path parameter '\(parameters[index].name)' must be required; treating it as required",
                at: parameters[index].sourceLocation)
            parameters[index].required = true
        }
    }

    /// A parameter name without case or punctuation (`pet_id`, `petId`, `PET-ID` → `petid`), to
    /// match a declared path parameter with the template's spelling of it.
    static func looseName(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    /// Why a path key is no template a client can fill in, or nil when it is one: every `{`
    /// closed by a `}` before the next `{`, with a non-empty name between; no line breaks or
    /// other control characters; and no template expression after a `?` or
    /// `#`, where the value would land in the query or the fragment rather than the path
    /// (`/search?term={term}`: `term` belongs among the query parameters). A fixed suffix such as
    /// `?beta=true` or `#uploads`, which some real specs use to tell operations apart, is kept
    /// as written.
    static func templateProblem(in path: String) -> String? {
        var isOpen = false
        var nameIsEmpty = true
        var suffix: Character?
        for character in path {
            let isLineBreakOrControl = character.unicodeScalars.contains { scalar in
                let category = scalar.properties.generalCategory
                return category == .control || category == .lineSeparator || category == .paragraphSeparator
            }
            if isLineBreakOrControl { return "it contains a line break or a control character" }
            switch character {
            case "{":
                if isOpen { return "a '{' inside another" }
                if let suffix { return "a template expression after '\(suffix)'; only the path may have them" }
                isOpen = true
                nameIsEmpty = true
            case "}":
                if !isOpen { return "a '}' without a '{' before it" }
                if nameIsEmpty { return "an empty '{}'" }
                isOpen = false
            case "?", "#":
                if isOpen { return "a '\(character)' inside a template expression" }
                if suffix == nil { suffix = character }
            default:
                if isOpen { nameIsEmpty = false }
            }
        }
        return isOpen ? "a '{' that is never closed" : nil
    }

    static func templateNames(in path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current!.append(character)
            }
        }
        return names
    }

    /// The entries of a `responses` mapping with their statuses. Extensions (`x-…`) are
    /// skipped; a key that is not a status (`"300 || x"`, `"2000"`), or names a status an
    /// earlier key named already (`2xx` after `2XX`), is warned about and its response dropped.
    func responseStatuses(_ mapping: Mapping) -> [(ResponseStatus, Mapping.Entry)] {
        var seen: [ResponseStatus: String] = [:]
        return mapping.compactMap { entry in
            guard !entry.key.hasPrefix("x-") else { return nil }
            guard let status = ResponseStatus(key: entry.key) else {
                warning(
                    "response key '\(entry.key)' is not a status code (three digits from 100 to 599, "
                        + "1XX to 5XX, or 'default'); the response is ignored",
                    at: entry.keyLocation)
                return nil
            }
            if let earlier = seen[status] {
                warning(
                    "response key '\(entry.key)' names the same status as '\(earlier)'; the response is ignored",
                    at: entry.keyLocation)
                return nil
            }
            seen[status] = entry.key
            return (status, entry)
        }
    }
}
