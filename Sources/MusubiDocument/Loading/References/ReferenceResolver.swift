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
    /// The named schemas being parsed, innermost last, as the places a lenient `#/$defs/X`
    /// may mean.
    private var schemaResources: [ResolvedReference] = []
    /// References being followed right now, by identity, to report a cycle instead of
    /// recursing forever.
    private var referencesInProgress: Set<String> = []

    /// A resolver for references written in `main` and the files it reaches, which may read
    /// files under the main file's folder and under `extraRoots`.
    init(main: SpecFile, extraRoots: [String], reporter: LoadingReporter) {
        self.main = main
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
            var budget = Self.anchorSearchBudget
            if let found = Self.path(toAnchor: name, in: resource.node, budget: &budget) {
                return ResolvedReference(
                    file: resource.file, pointer: JSONPointer(tokens: resource.pointer.tokens + found.tokens),
                    node: found.node)
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

    /// How many nodes one anchor search may visit: a schema is small, and a hostile one must
    /// not make each `$dynamicRef` walk a huge tree.
    private static let anchorSearchBudget = 20_000

    /// The place under `node` (itself included) whose mapping says `$dynamicAnchor: name`, as
    /// the tokens from `node`, depth first in source order.
    private static func path(
        toAnchor name: String, in node: Node, budget: inout Int
    ) -> (tokens: [String], node: Node)? {
        budget -= 1
        guard budget > 0 else { return nil }
        if let mapping = node.mapping {
            if mapping["$dynamicAnchor"]?.string == name { return ([], node) }
            for entry in mapping.entries {
                if let found = path(toAnchor: name, in: entry.value, budget: &budget) {
                    return ([entry.key] + found.tokens, found.node)
                }
            }
        } else if let items = node.sequence {
            for (index, item) in items.enumerated() {
                if let found = path(toAnchor: name, in: item, budget: &budget) {
                    return (["\(index)"] + found.tokens, found.node)
                }
            }
        }
        return nil
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
        while let reference = current.node["$ref"] {
            guard let text = reference.string else {
                inFile(current.file) {
                    error("'$ref' must be a string, found \(reference.kindDescription)", at: reference.location)
                }
                return nil
            }
            let target = inFile(current.file) { resolveReference(text, at: reference.location) }
            guard let target else { return nil }
            guard seen.insert(target.identity).inserted else {
                inFile(current.file) { error("circular reference '\(text)'", at: reference.location) }
                return nil
            }
            current = (target.node, target.file)
        }
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
    /// output depend on the network.
    func resolveReference(_ text: String, at location: SourceLocation, leniently: Bool = false) -> ResolvedReference? {
        let report = leniently ? warning : error
        let hash = text.firstIndex(of: "#")
        let filePart = String(text[..<(hash ?? text.endIndex)])
        let fragment = hash.map { String(text[$0...]) } ?? "#"
        guard let pointer = JSONPointer(fragment: fragment) else {
            report("reference '\(text)' is not a valid JSON pointer", location)
            return nil
        }
        let file: SpecFile
        if filePart.isEmpty {
            file = current
        } else {
            guard let loaded = referencedFile(filePart, reference: text, at: location, report: report) else {
                return nil
            }
            file = loaded
        }
        if let node = pointer.resolve(in: file.root) {
            return ResolvedReference(file: file, pointer: pointer, node: node)
        }
        if filePart.isEmpty, let lenient = enclosingDefinition(pointer, reference: text, at: location) {
            return lenient
        }
        let place = file.identity == main.identity ? "the document" : "'\(file.path)'"
        report("reference '\(text)' points to nothing in \(place)", location)
        return nil
    }

    /// Standalone JSON Schemas say `#/$defs/X` for their own `$defs`; pasted into a component,
    /// the pointer would mean the document's root, which has none. When the named schema
    /// being read has such a definition, that is what the author meant.
    private func enclosingDefinition(
        _ pointer: JSONPointer, reference text: String, at location: SourceLocation
    ) -> ResolvedReference? {
        guard pointer.hasPrefix(["$defs"]) || pointer.hasPrefix(["definitions"]) else { return nil }
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
        let path = SpecFile.path(relative, from: current.path)
        let identity = SpecFile.identity(of: path)
        if let known = filesByIdentity[identity] {
            guard let known else {
                report("referenced file '\(path)' could not be read", location)
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
            let shown = judged == identity ? "'\(judged)'" : "'\(identity)' (really '\(judged)')"
            error(
                "reference '\(text)' reaches \(shown), outside the folder of the spec "
                    + "(\(referenceRoots.first.map { "'\($0)'" } ?? "unknown")); references may only read files "
                    + "under it. To allow another folder, pass --allow-references-under FOLDER or list it under "
                    + "'allow-references-under' in musubi.yaml",
                at: location)
            return nil
        }
        do {
            // A missing file is read all the same, for the reader's usual diagnostic.
            let parsed = try Reader.read(contentsOf: real ?? identity, fileName: path)
            for warning in parsed.warnings { reporter.record(warning) }
            let root = parsed.root
            let dialect: SpecFile.Dialect =
                root["swagger"] != nil ? .swagger2 : root["openapi"] != nil ? .openAPI3 : current.dialect
            let file = SpecFile(path: path, root: root, dialect: dialect)
            filesByIdentity[identity] = file
            return file
        } catch {
            filesByIdentity[identity] = .some(nil)
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
