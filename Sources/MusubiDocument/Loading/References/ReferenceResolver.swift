import Foundation
import MusubiReader

/// Where a `$ref` leads: the file, the pointer inside it and the node there.
struct ResolvedReference {
    let file: SpecFile
    let pointer: JSONPointer
    let node: Node

    /// `/abs/dir/file.yaml#/a/b`: one text per target, however the reference spelled it and
    /// from whichever file it was written.
    var identity: String { file.identity + pointer.fragment }
}

/// Follows `$ref`s: the part of a load that reads files besides the document's own.
///
/// It needs the document's file, the folders the caller allows besides that file's folder,
/// and the load's reporter, whose current file relative references are read from. It keeps
/// every file it has read (or failed to read) by identity, so each file is read once; the
/// named schemas being parsed, for the lenient reading of `#/$defs/X`; and the references
/// being followed, so a loop through pointers is reported rather than followed forever.
///
/// Files are read only under ``referenceRoots``; see ``resolveReference(_:at:leniently:)``.
final class ReferenceResolver: SpecReading {
    let reporter: LoadingReporter
    /// The document's own file.
    let main: SpecFile
    /// The folders, symbolic links resolved, whose files external references may read: the
    /// main file's folder (as written and as resolved, when the file is a link) and the
    /// caller's ``DocumentLoader/Options/referenceRoots``.
    let referenceRoots: [String]
    /// Every file read so far by identity, the document's own included; nil for a file that
    /// could not be read, so it is reported once per reference rather than read again.
    private var filesByIdentity: [String: SpecFile?] = [:]
    /// Why each file that could not be read could not, by identity: what every later
    /// reference to it is told, rather than a bare "could not be read".
    private var unreadableReasons: [String: String] = [:]
    /// The named schemas being parsed, innermost last, as the places a lenient `#/$defs/X`
    /// may mean.
    private var schemaResources: [ResolvedReference] = []
    /// References being followed right now, by identity, to report a cycle instead of
    /// recursing forever.
    private var referencesInProgress: Set<String> = []
    /// Where each reference followed by ``dereference(_:)`` ends, by the identity of the node
    /// it names: a chain of references (3 000 security schemes each naming the next) is walked
    /// once, not once for each of its links.
    private var dereferenced: [String: (node: Node, file: SpecFile)] = [:]
    /// The `$id`s and anchors of each file that a reference needed them of, by identity.
    private var identifiersByFile: [String: SchemaIdentifiers] = [:]
    /// What the files read so far hold, the document's own included, against what the spec's
    /// files may hold together; each file read is charged to it, so many files of a size the
    /// reader allows cannot add up to more than one spec may hold.
    private var budget: Reader.Budget

    /// A resolver for references written in `main` and the files it reaches, which may read
    /// files under the main file's folder and under `extraRoots`, as much as is left of `budget`.
    init(main: SpecFile, extraRoots: [String], budget: Reader.Budget, reporter: LoadingReporter) {
        self.main = main
        self.budget = budget
        self.reporter = reporter
        let folder = SpecFile.folder(of: main.identity)
        let ownRoots = [FileSystemPath.real(folder), FileSystemPath.real(main.identity).map(SpecFile.folder(of:))]
        referenceRoots = (ownRoots + extraRoots.map(FileSystemPath.real)).compactMap { $0 }
        filesByIdentity[main.identity] = main
    }

    /// The identities of the files read so far, or tried: the document's own, and each file a
    /// reference named, however its path was written.
    var fileIdentities: Set<String> { Set(filesByIdentity.keys) }

    /// Runs `body` while `resource`, a named schema, is the innermost one being parsed: a
    /// `#/$defs/X` that points to nothing at the root of its file may mean the resource's.
    func parsingResource<T>(_ resource: ResolvedReference, _ body: () -> T) -> T {
        schemaResources.append(resource)
        defer { schemaResources.removeLast() }
        return body()
    }

    /// Where a `$dynamicRef: '#name'` written in the current file leads, read statically: the
    /// outermost named schema being parsed that declares `$dynamicAnchor: name` (at its root or
    /// inside it), as JSON Schema's dynamic scope would choose for a document read from its
    /// components; nil when none does. A client has one type per schema, so the anchor a
    /// caller could override at validation time is the one the document itself declares.
    func dynamicAnchor(_ name: String) -> ResolvedReference? {
        for resource in schemaResources where resource.file.identity == current.identity {
            let identifiers = identifiers(of: resource.file)
            if let tokens = identifiers.dynamicAnchor(name, under: resource.pointer.tokens) {
                let pointer = JSONPointer(tokens: tokens)
                if let node = pointer.resolve(in: resource.file.root) {
                    return ResolvedReference(file: resource.file, pointer: pointer, node: node)
                }
            }
        }
        return nil
    }

    /// Where a `$recursiveRef: '#'` (JSON Schema 2019-09) written in the current file leads:
    /// the named schema being parsed, or, when that one says `$recursiveAnchor: true`, the
    /// outermost enclosing one that says so too; nil outside any named schema.
    func recursiveAnchor() -> ResolvedReference? {
        let enclosing = schemaResources.filter { $0.file.identity == current.identity }
        guard let innermost = enclosing.last else { return nil }
        guard innermost.node["$recursiveAnchor"]?.bool == true else { return innermost }
        return enclosing.first { $0.node["$recursiveAnchor"]?.bool == true } ?? innermost
    }

    /// Runs `body` while `target` is being followed; nil without running it when `target` is
    /// being followed already, which means the reference leads back to itself.
    func following<T>(_ target: ResolvedReference, _ body: () -> T) -> T? {
        guard referencesInProgress.insert(target.identity).inserted else { return nil }
        defer { referencesInProgress.remove(target.identity) }
        return body()
    }

    /// Follows `$ref`s until a node without one, reporting missing targets and cycles (also
    /// across files); nil after reporting. The node comes with the file it was found in.
    func dereference(_ node: Node) -> (node: Node, file: SpecFile)? {
        var current = (node: node, file: reporter.current)
        var seen: Set<String> = []
        var passed: [String] = []
        while let reference = current.node["$ref"] {
            guard let text = reference.string else {
                inFile(current.file) {
                    error("'$ref' must be a string, found \(reference.kindDescription)", at: reference.location)
                }
                return nil
            }
            let target = inFile(current.file) { resolveReference(text, at: reference.location) }
            guard let target else { return nil }
            if let known = dereferenced[target.identity] {
                current = known
                break
            }
            guard seen.insert(target.identity).inserted else {
                inFile(current.file) { error("circular reference '\(text)'", at: reference.location) }
                return nil
            }
            passed.append(target.identity)
            current = (target.node, target.file)
        }
        for identity in passed { dereferenced[identity] = current }
        return current
    }

    /// Runs `body` on what `node` refers to (or `node` itself), inside the file it is in, so
    /// that diagnostics and further relative references are about that file.
    func withDereferenced<T>(_ node: Node, _ body: (Node) -> T?) -> T? {
        guard let target = dereference(node) else { return nil }
        return inFile(target.file) { body(target.node) }
    }

    /// The node a reference designates, or nil after reporting why not (at `location` in the
    /// current file, where the `$ref` is written): as an error, or as a warning where a
    /// client can do without the target (`leniently`).
    ///
    /// `#/a/b` points into the current file; `other.yaml#/a/b` and `./pet.json` (the whole
    /// file) into a file relative to the current file's folder, read once however often it is
    /// referenced. Remote URLs are refused: fetching at generation time would make the
    /// output depend on the network. As in JSON Schema 2020-12, a file part that a schema of
    /// the current file declares as its `$id` (`box.json`, `https://example.com/pet.json`)
    /// means that schema, not a file, and a plain-name fragment (`#tag`) the schema that
    /// declares `$anchor: tag` (``SchemaIdentifiers``). Two slips real specs make are read
    /// as meant, with a warning: a pointer without its first slash (`#definitions/Pet`), a
    /// key's `/` not escaped (`#/paths//pets`), `file.yaml#/` for the whole file; and Swagger
    /// 1.2's bare `Pet` for the named schema, when no file has that name.
    func resolveReference(_ text: String, at location: SourceLocation, leniently: Bool = false) -> ResolvedReference? {
        let report = leniently ? warning : error
        let hash = text.firstIndex(of: "#")
        let filePart = String(text[..<(hash ?? text.endIndex)])
        let fragment = hash.map { String(text[$0...]) } ?? "#"
        let pointer = JSONPointer(fragment: fragment)
        let name = pointer == nil ? Self.plainFragment(fragment) : nil
        guard pointer != nil || name != nil else {
            report("reference '\(text)' is not a valid JSON pointer", location)
            return nil
        }
        var file = current
        var base = JSONPointer(tokens: [])
        if hash == nil, let named = bareSchemaName(filePart) {
            // `$ref: Pet`, Swagger 1.2's way to name a model, which Swagger 2.0 tools still read.
            warning("reference '\(text)' is read as '\(named.pointer.fragment)', the schema of that name", at: location)
            return named
        }
        if !filePart.isEmpty {
            if let resource = identifiers(of: current).resources[filePart] {
                base = JSONPointer(tokens: resource)
            } else {
                guard let loaded = referencedFile(filePart, reference: text, at: location, report: report) else {
                    return nil
                }
                file = loaded
            }
        }
        let place = file.identity == main.identity ? "the document" : "'\(file.path)'"
        guard let baseNode = base.resolve(in: file.root) else { return nil }
        if let name {
            if let anchored = anchor(name, in: file, under: base) { return anchored }
            // `#definitions/Pet`: a pointer that lost its first slash (none when it is no pointer
            // with one either, as a run of more than 30 combining marks is not).
            if name.contains("/") || !SchemaIdentifiers.isAnchorName(name),
                let tokens = JSONPointer(fragment: "#/" + fragment.dropFirst())?.tokens,
                case let slashed = JSONPointer(tokens: base.tokens + tokens), let node = slashed.resolve(in: file.root)
            {
                warning(
                    "reference '\(text)' is read as '\(filePart)\(slashed.fragment)'; a JSON pointer starts with '/'",
                    at: location)
                return ResolvedReference(file: file, pointer: slashed, node: node)
            }
            if SchemaIdentifiers.isAnchorName(name) {
                report(
                    "reference '\(text)' names an anchor no schema in \(place) declares ('$anchor: \(name)')", location)
            } else {
                report("reference '\(text)' is not a valid JSON pointer", location)
            }
            return nil
        }
        let tokens = pointer!.tokens
        if let node = pointer!.resolve(in: baseNode) {
            return ResolvedReference(file: file, pointer: JSONPointer(tokens: base.tokens + tokens), node: node)
        }
        if let (meant, node) = JSONPointer(tokens: tokens).joiningSlashedKeys(in: baseNode) {
            let resolved = JSONPointer(tokens: base.tokens + meant.tokens)
            warning(
                "reference '\(text)' is read as '\(filePart)\(resolved.fragment)'; a '/' in a key is written '~1'",
                at: location)
            return ResolvedReference(file: file, pointer: resolved, node: node)
        }
        if tokens == [""], !filePart.isEmpty {
            // `file.yaml#/`, written for the whole file: its root has no key "".
            warning("reference '\(text)' is read as the whole of what '\(filePart)' names", at: location)
            return ResolvedReference(file: file, pointer: base, node: baseNode)
        }
        if filePart.isEmpty, let lenient = enclosingDefinition(pointer!, reference: text, at: location) {
            return lenient
        }
        report("reference '\(text)' points to nothing in \(place)", location)
        return nil
    }

    /// The named schema of the current file called `text`, when `text` is a bare name (no
    /// `/`, `.`, `:`, `\` or NUL, so the file it could name is beside the current one) that
    /// names no file there; nil otherwise.
    private func bareSchemaName(_ text: String) -> ResolvedReference? {
        guard !text.isEmpty, !text.contains(where: { "/.:\\\0".contains($0) }) else { return nil }
        let pointer = JSONPointer(tokens: current.schemaComponentTokens + [text])
        guard let node = pointer.resolve(in: current.root) else { return nil }
        let sibling = SpecFile.path(text, from: current.identity)
        guard !FileManager.default.fileExists(atPath: sibling) else { return nil }
        return ResolvedReference(file: current, pointer: pointer, node: node)
    }

    /// The text of a fragment that is no JSON pointer (`#tag`, `#definitions/Pet`),
    /// percent-decoded; nil when there is none.
    private static func plainFragment(_ fragment: String) -> String? {
        guard fragment.hasPrefix("#"), fragment.count > 1 else { return nil }
        let body = String(fragment.dropFirst())
        return body.removingPercentEncoding ?? body
    }

    /// The schema of `file` that declares the anchor `name`, among those under `base` (the
    /// resource a reference's file part named, or the whole file): the one inside the named
    /// schema being parsed when there is one, else the first in the file; nil when none does.
    private func anchor(_ name: String, in file: SpecFile, under base: JSONPointer) -> ResolvedReference? {
        guard SchemaIdentifiers.isAnchorName(name) else { return nil }
        let identifiers = identifiers(of: file)
        var chosen: [String]?
        if let enclosing = schemaResources.last(where: { $0.file.identity == file.identity }),
            enclosing.pointer.tokens.starts(with: base.tokens)
        {
            chosen = identifiers.anchor(name, under: enclosing.pointer.tokens)
        }
        guard let tokens = chosen ?? identifiers.anchor(name, under: base.tokens) else { return nil }
        let pointer = JSONPointer(tokens: tokens)
        return pointer.resolve(in: file.root).map { ResolvedReference(file: file, pointer: pointer, node: $0) }
    }

    /// The `$id`s and anchors `file` declares, found on first use.
    private func identifiers(of file: SpecFile) -> SchemaIdentifiers {
        if let known = identifiersByFile[file.identity] { return known }
        let found = SchemaIdentifiers(root: file.root)
        identifiersByFile[file.identity] = found
        return found
    }

    /// Standalone JSON Schemas say `#/$defs/X` for their own `$defs`; pasted into a component,
    /// the pointer would mean the document's root, which has none. When a schema with an `$id`
    /// inside the named schema being read has such a definition, the pointer is that
    /// resource's, as JSON Schema reads it; else when the named schema itself has one, that is
    /// what the author meant, with a warning.
    private func enclosingDefinition(
        _ pointer: JSONPointer, reference text: String, at location: SourceLocation
    ) -> ResolvedReference? {
        guard pointer.hasPrefix(["$defs"]) || pointer.hasPrefix(["definitions"]) else { return nil }
        // A schema with an `$id` inside the named schema being parsed is a resource of its
        // own, which JSON Schema reads such a pointer in: the deepest one that has it.
        if let named = schemaResources.last, named.file.identity == current.identity {
            for tokens in identifiers(of: current).resources(inside: named.pointer.tokens) {
                let resolved = JSONPointer(tokens: tokens + pointer.tokens)
                if let node = resolved.resolve(in: current.root) {
                    return ResolvedReference(file: current, pointer: resolved, node: node)
                }
            }
        }
        for resource in schemaResources.reversed() where resource.file.identity == current.identity {
            guard let node = pointer.resolve(in: resource.node) else { continue }
            let resolved = ResolvedReference(
                file: resource.file, pointer: JSONPointer(tokens: resource.pointer.tokens + pointer.tokens), node: node)
            warning(
                "reference '\(text)' points to nothing at the root of the document; "
                    + "read as '\(resolved.pointer.fragment)', within the schema that contains it",
                at: location)
            return resolved
        }
        return nil
    }

    /// The file a reference names, read on first use; nil after reporting.
    ///
    /// Only a regular file inside ``referenceRoots`` is read, judged on its real path (symbolic
    /// links and `..` resolved), so a spec cannot make the generator read `/etc/shadow` or a
    /// device; reaching outside is always an error, even where the reference itself could be
    /// done without, because the user must learn that the spec tried.
    private func referencedFile(
        _ written: String, reference text: String, at location: SourceLocation,
        report: (String, SourceLocation) -> Void
    ) -> SpecFile? {
        if Self.isRemote(written) {
            report("reference '\(text)' is a remote URL; only files on disk can be referenced", location)
            return nil
        }
        let relative = written.removingPercentEncoding ?? written
        if relative.utf8.contains(0) {
            error("reference '\(Self.shown(text))' names a file whose path contains a NUL character", at: location)
            return nil
        }
        guard StreamSafeText.isStreamSafe(relative) else {
            error(
                "reference '\(Self.shown(text))' names a file whose path has more than \(StreamSafeText.maximumNonStarters) combining marks in a row",
                at: location)
            return nil
        }
        let path = SpecFile.path(relative, from: current.path)
        let identity = SpecFile.identity(of: path)
        if let known = filesByIdentity[identity] {
            guard let known else {
                report(
                    "referenced file '\(path)' could not be read"
                        + (unreadableReasons[identity].map { ": \($0)" } ?? ""), location)
                return nil
            }
            return known
        }
        // A file that does not exist is judged by its folder's real path, so a reference out of
        // the tree is refused before anything tells whether the file is there.
        let real = FileSystemPath.real(identity)
        let judged =
            real ?? FileSystemPath.real(SpecFile.folder(of: identity)).map { folder in
                (folder == "/" ? "" : folder) + "/" + identity[identity.index(after: identity.lastIndex(of: "/")!)...]
            } ?? identity
        guard referenceRoots.contains(where: { FileSystemPath.isInside(judged, folder: $0) }) else {
            filesByIdentity[identity] = .some(nil)
            unreadableReasons[identity] = "it is outside the folder of the spec"
            let shown = judged == identity ? "'\(judged)'" : "'\(identity)' (really '\(judged)')"
            error(
                "reference '\(text)' reaches \(shown), outside the folder of the spec "
                    + "(\(referenceRoots.first.map { "'\($0)'" } ?? "unknown")); references may only read files "
                    + "under it. To allow another folder, pass --allow-references-under FOLDER or list it under "
                    + "'allow-references-under' in a musubi.yaml given with --config",
                at: location)
            return nil
        }
        do {
            // A missing file is read all the same, for the reader's usual diagnostic.
            let parsed = try Reader.read(contentsOf: real ?? identity, fileName: path, budget: &budget)
            for warning in parsed.warnings { reporter.record(warning) }
            let root = parsed.root
            let dialect: SpecFile.Dialect =
                root["swagger"] != nil ? .swagger2 : root["openapi"] != nil ? .openAPI3 : current.dialect
            let file = SpecFile(path: path, root: root, dialect: dialect)
            filesByIdentity[identity] = file
            return file
        } catch {
            filesByIdentity[identity] = .some(nil)
            unreadableReasons[identity] = error.location != nil ? "it has a syntax error" : error.message
            if error.location != nil {
                // A syntax error is reported where it is, in the referenced file.
                reporter.record(error)
                report("referenced file '\(path)' could not be read", location)
            } else {
                report("referenced file '\(path)' could not be read: \(error.message)", location)
            }
            return nil
        }
    }

    /// The text with NUL characters written as `\0`, so a diagnostic shows it whole.
    private static func shown(_ text: String) -> String {
        String(text.unicodeScalars.map { $0 == "\0" ? "\\0" : String($0) }.joined())
    }

    /// `http://…`, `https://…`, `//host/…`, or any other URL scheme; a one-letter "scheme"
    /// is a Windows drive.
    private static func isRemote(_ text: String) -> Bool {
        if text.hasPrefix("//") { return true }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        return scheme.count > 1 && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }
}
