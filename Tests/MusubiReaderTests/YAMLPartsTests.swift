import Foundation
import Testing

@testable import MusubiReader

/// Reading a YAML file in parts gives the tree reading it whole gives, locations included, or
/// nothing (and the whole is read).
@Suite struct YAMLPartsTests {
    /// Reads `text` cut into `partCount` parts, whatever its size; expects the parts to charge
    /// the budget with what the whole does, no more for the key lines read twice.
    private func parts(
        _ text: String, partCount: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Node? {
        var text = text
        return text.withUTF8 { bytes -> Node? in
            guard
                let (root, budget) = YAMLParser.parseInParts(
                    bytes, fileName: "spec.yaml", partCount: partCount, minimumSize: 0)
            else { return nil }
            let whole = try? YAMLParser.parseDocument(bytes, fileName: "spec.yaml").budget
            #expect(budget == whole, sourceLocation: sourceLocation)
            return root
        }
    }

    /// Every node and key with its location, one per line: equal exactly when the trees are.
    private func outline(_ node: Node, indent: String = "") -> String {
        switch node.value {
        case .null: return "\(indent)null @\(node.location)\n"
        case .bool(let value): return "\(indent)\(value) @\(node.location)\n"
        case .number(let text): return "\(indent)#\(text) @\(node.location)\n"
        case .string(let text): return "\(indent)\(text.debugDescription) @\(node.location)\n"
        case .sequence(let items):
            return "\(indent)[ @\(node.location)\n" + items.map { outline($0, indent: indent + "  ") }.joined()
        case .mapping(let mapping):
            return "\(indent){ @\(node.location)\n"
                + mapping.entries.map {
                    "\(indent)  \($0.key.debugDescription) @\($0.keyLocation):\n"
                        + outline($0.value, indent: indent + "    ")
                }.joined()
        }
    }

    static let nested = """
        openapi: 3.0.0
        info:
          title: Pets
          description: |
            A description
            with: a colon
        paths:
          /pets:
            get:
              summary: List
              responses:
                '200':
                  description: OK
                "404":
                  description: Missing
            post:
              summary: Add
          /pets/{id}:
            get:
              summary: One
              tags:
              - pets
              - animals
              parameters:
                - name: id
                  in: path
        components:
          schemas:
            Pet:
              type: object
              properties:
                id: {type: integer}
                name:
                  type: string
            Error:
              type: object

        """

    @Test(arguments: 2...12)
    func partsOfANestedDocumentGiveTheWholeTree(partCount: Int) throws {
        let whole = try parse(Self.nested)
        let cut = try #require(parts(Self.nested, partCount: partCount))
        #expect(outline(cut) == outline(whole))
    }

    @Test func cutsFallInsideNestedMappingsBelowTheirKeys() {
        var text = Self.nested
        let cuts = text.withUTF8 { YAMLParser.cuts(in: $0, partCount: 12) } ?? []
        let keyPaths = cuts.map { $0.ancestors.map(\.key) }
        #expect(keyPaths.contains(["paths", "/pets", "get", "responses"]))
        #expect(keyPaths.contains(["components", "schemas", "Pet", "properties"]))
        // Never at the first entry of a mapping, never inside a block scalar or a sequence.
        let lines = Self.nested.split(separator: "\n", omittingEmptySubsequences: false)
        for cut in cuts {
            let line = lines[cut.line].trimmingCharacters(in: .whitespaces)
            #expect(!["title: Pets", "A description", "with: a colon", "in: path", "summary: List"].contains(line))
        }
    }

    @Test(arguments: [
        ("a second document", "a: 1\nb:\n  c: 1\n  d: 2\n---\ne: 3\n"),
        ("a document end", "a: 1\nb:\n  c: 1\n  d: 2\n...\ne: 3\n"),
        ("a directive", "%YAML 1.1\n---\na: 1\nb: 2\nc: 3\n"),
        ("a merge key at the top", "a: &x {k: 1}\nb: 2\n<<: *x\nc: 3\n"),
        ("CRLF line breaks", "a: 1\r\nb: 2\r\nc: 3\r\n"),
        ("a line separator", "a: 1\nb: \"x\u{2028}y\"\nc: 3\n"),
        ("tab indentation", "a:\n\tb: 1\nc: 2\nd: 3\n"),
        ("an alias to an anchor in an earlier part", "a: &x 1\nb: 2\nc: 3\nd: *x\ne: 5\nf: 6\n"),
        ("a key repeated across a cut", "a: 1\nb: 2\nc: 3\na: 4\nd: 5\ne: 6\n"),
        ("a quoted scalar across lines", "a: 1\nb: \"one\nc: two\"\nd: 3\ne: 4\n"),
        ("a flow collection across lines", "a: 1\nb: [x,\nc: y]\nd: 3\ne: 4\n"),
        ("a broken document", "a: 1\nb: 2\nc: [\nd: 3\n"),
    ])
    func textThatCannotBeCutIsReadWhole(_ reason: String, text: String) throws {
        let cut = (2...6).compactMap { parts(text, partCount: $0) }
        if cut.isEmpty { return }
        // Cut or not, the tree must be the whole text's.
        let whole = try parse(text)
        for tree in cut { #expect(outline(tree) == outline(whole), "\(reason)") }
    }

    @Test func aKeyRepeatedAcrossACutFallsBack() {
        #expect(parts("a: 1\nb: 2\nc: 3\na: 4\nd: 5\ne: 6\n", partCount: 2) == nil)
        #expect(parts("p:\n  a: 1\n  b: 2\n  a: 3\n  c: 4\n", partCount: 3) == nil)
    }

    @Test func anAliasToAnotherPartFallsBack() {
        #expect(parts("a: &x 1\nb: 2\nc: 3\nd: *x\ne: 5\nf: 6\n", partCount: 2) == nil)
    }

    @Test func errorsAreTheWholeTextsErrors() throws {
        // Big enough to be cut: a broken part makes the whole text be read, so the error is
        // the one reading the whole finds, where it finds it.
        var text = String(repeating: "key: value\nmore:\n  a: 1\n  b: 2\n", count: 20_000) + "bad: [\nlast: 1\n"
        #expect(text.utf8.count > YAMLParser.minimumSizeForParts)
        let error = try #require(diagnostic(parsing: text))
        let whole = text.withUTF8 { bytes -> Diagnostic? in
            do {
                _ = try YAMLParser.parseDocument(bytes, fileName: "spec.yaml")
                return nil
            } catch { return error as? Diagnostic }
        }
        #expect(error.description == whole?.description)
        #expect(error.location?.line ?? 0 > 80_000)
    }

    /// The real specs: every YAML one reads in parts to exactly its whole tree, and the big
    /// ones are cut (so the speed-up applies where it matters).
    @Test(
        .enabled(
            if: SharedSpecs.directory != nil,
            "../shared/specs not found next to the repository (set MUSUBI_SHARED_SPECS to its path)"))
    func sharedSpecsReadInPartsGiveTheWholeTree() throws {
        let directory = try #require(SharedSpecs.directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        var cutFiles: [String] = []
        for file in files {
            let bytes = try Array(Data(contentsOf: directory.appendingPathComponent(file)))
            let whole = try bytes.withUnsafeBufferPointer { try YAMLParser.parseDocument($0, fileName: file) }
            let expected = outline(whole.root)
            for partCount in [2, 3, 7] {
                let cut = bytes.withUnsafeBufferPointer {
                    YAMLParser.parseInParts($0, fileName: file, partCount: partCount, minimumSize: 0)
                }
                guard let cut else { continue }
                #expect(outline(cut.root) == expected, "\(file) in \(partCount) parts")
                #expect(cut.budget == whole.budget, "\(file) in \(partCount) parts")
                if partCount == 2 { cutFiles.append(file) }
            }
        }
        #expect(cutFiles.contains("stripe.yaml"))
        #expect(cutFiles.contains("openai.yaml"))
    }
}
