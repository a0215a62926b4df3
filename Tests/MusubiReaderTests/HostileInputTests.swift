import Foundation
import Testing

@testable import MusubiReader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Input a careless or hostile author can hand the reader: paths that are no regular file,
/// files past the size limit, repeated keys, alias bombs and deep nesting. Each gives a clear
/// diagnostic instead of a crash, a hang or unbounded memory.
@Suite struct HostileInputTests {
    /// A fresh folder under the temporary directory, removed when the test ends.
    final class Folder {
        let path: String
        init() throws {
            path =
                FileManager.default.temporaryDirectory.appendingPathComponent("musubi-hostile-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    private func readError(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
        do {
            _ = try Reader.read(contentsOf: path)
            Issue.record("expected '\(path)' to be refused", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Only regular files

    @Test func aDirectoryIsRefused() throws {
        let folder = try Folder()
        let error = try #require(readError(folder.path))
        #expect(error.message == "cannot read file: it is a directory, not a regular file")
        #expect(error.file == folder.path)
        #expect(readError(folder.path + "/.")?.message.contains("a directory") == true)
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try Folder()
        let fifo = folder.path + "/pipe.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = try #require(readError(fifo))
        #expect(error.message == "cannot read file: it is a named pipe (FIFO), not a regular file")
    }

    @Test func devicesAreRefused() throws {
        #expect(readError("/dev/zero")?.message == "cannot read file: it is a character device, not a regular file")
        #expect(readError("/dev/null")?.message.contains("a character device") == true)
    }

    @Test func aPathWithANULIsRefusedWhole() throws {
        let folder = try Folder()
        _ = try folder.write("a.yaml", "a: 1\n")
        // Cut at the NUL, the path would name `a.yaml`, which exists.
        let error = try #require(readError(folder.path + "/a.yaml\0.png"))
        #expect(error.message == "cannot open file: the path contains a NUL character")
        #expect(error.file.hasSuffix("a.yaml\\0.png"))
    }

    @Test func aMissingFileGivesTheSystemsReason() throws {
        let error = try #require(readError("/nonexistent-musubi/x.yaml"))
        #expect(error.message == "cannot open file: No such file or directory")
    }

    @Test func readingStopsAtTheSizeLimit() throws {
        let folder = try Folder()
        let atLimit = try folder.write("small.yaml", String(repeating: "#", count: 99) + "\n")
        #expect(try FileLoader.contents(ofFile: atLimit, limit: 100).count == 100)
        let over = try folder.write("big.yaml", String(repeating: "#", count: 100) + "\n")
        do {
            _ = try FileLoader.contents(ofFile: over, limit: 100)
            Issue.record("expected the file to be refused")
        } catch {
            #expect(error.message == "cannot read file: it is larger than the limit of 100 bytes for a spec file")
        }
        #expect(Reader.maximumFileSize == 64 << 20)
        #expect(FileLoader.describe(Reader.maximumFileSize) == "64 MiB")
    }

    @Test func theDiagnosticNamesTheFileAsTheCallerDoes() throws {
        let folder = try Folder()
        do {
            _ = try Reader.read(contentsOf: folder.path, fileName: "shown.yaml")
            Issue.record("expected the directory to be refused")
        } catch {
            #expect(error.description == "shown.yaml: error: cannot read file: it is a directory, not a regular file")
        }
    }

    // MARK: Repeated keys

    @Test func aRepeatedYAMLKeyIsAWarningNamingBothPlacesAndTheFirstIsUsed() throws {
        let parsed = try Reader.read("name: first\nother: 1\nname: second\n", fileName: "spec.yaml")
        #expect(parsed.root["name"]?.string == "first")
        #expect(
            parsed.warnings.map(\.description) == [
                "spec.yaml:3:1: warning: duplicate key 'name' in a mapping: it is also at line 1, column 1; "
                    + "the first value is used and this one is ignored"
            ])
    }

    @Test func aRepeatedJSONKeyIsAWarningToo() throws {
        let parsed = try Reader.read("{\"a\": {\"k\": 1, \"k\": 2, \"k\": 3}}", fileName: "spec.json")
        #expect(parsed.root["a"]?["k"]?.int == 1)
        #expect(parsed.warnings.map(\.location) == [at(1, 16), at(1, 24)])
        #expect(parsed.warnings.allSatisfy { $0.severity == .warning && $0.message.contains("line 1, column 8") })
    }

    @Test func warningsAreInSourceOrderAcrossNestedMappings() throws {
        let parsed = try Reader.read("a:\n  x: 1\n  x: 2\na: 3\n", fileName: "spec.yaml")
        #expect(parsed.warnings.map(\.location) == [at(3, 3), at(4, 1)])
    }

    @Test func mergeKeysOverriddenByExplicitKeysAreNoDuplicates() throws {
        let parsed = try Reader.read(
            "base: &b {a: 1}\nitem:\n  <<: *b\n  a: 2\n  c: 1\n  c: 2\n", fileName: "spec.yaml")
        #expect(parsed.root["item"]?["a"]?.int == 2)
        #expect(parsed.warnings.map(\.location) == [at(6, 3)])
    }

    @Test func aBigYAMLFileReadInPartsReportsItsRepeatedKeyOnce() throws {
        // Above the size at which the file is cut into parts read in parallel.
        var lines = ["paths:"]
        for index in 0..<12_000 {
            lines.append("  /item\(index):\n    get: {operationId: op\(index), summary: some text to fill the part}")
        }
        lines.insert("  /item5000:\n    get: {operationId: again}", at: 9_000)
        let text = lines.joined(separator: "\n")
        #expect(text.utf8.count > 2 * 256 * 1024)
        let parsed = try Reader.read(text, fileName: "big.yaml")
        #expect(parsed.root["paths"]?.mapping?.count == 12_000)
        #expect(parsed.root["paths"]?["/item5000"]?["get"]?["operationId"]?.string == "op5000")
        #expect(parsed.warnings.count == 1)
        #expect(parsed.warnings.first?.message.contains("duplicate key '/item5000'") == true)
        #expect(parsed.warnings.first?.message.contains("line 10002, column 3") == true)
        #expect(parsed.warnings.first?.location == at(18_000, 3))
    }

    // MARK: Resource exhaustion

    @Test func aHundredThousandOpenBracketsAreALocatedError() throws {
        let brackets = String(repeating: "[", count: 100_000)
        for (text, file) in [(brackets, "deep.json"), ("a: " + brackets, "deep.yaml")] {
            let error = try #require(diagnostic(parsing: text, fileName: file))
            #expect(error.message.contains("deeper than \(Reader.maximumNestingDepth) levels"))
            #expect(error.location != nil)
        }
    }

    @Test func deepBlockNestingIsALocatedError() throws {
        let depth = Reader.maximumNestingDepth + 1
        let text = (0..<depth).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1\n"
        let error = try #require(diagnostic(parsing: text, fileName: "deep.yaml"))
        #expect(error.message.contains("deeper than \(Reader.maximumNestingDepth) levels"))
        #expect(error.location?.line == depth)
    }

    @Test func anAliasBombIsRefusedQuickly() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...30 {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let start = Date()
        let error = try #require(diagnostic(parsing: lines.joined(separator: "\n")))
        #expect(error.message.contains("aliases expand to more than"))
        #expect(error.location != nil)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    // MARK: The spec's budget

    /// The error reading `text` against `budget`, which must be left as it was.
    private func budgetError(
        _ text: String, fileName: String, budget: Reader.Budget,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Diagnostic? {
        var after = budget
        do {
            _ = try Reader.read(text, fileName: fileName, budget: &after)
            Issue.record("expected \(fileName) to be past the budget", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(after == budget, "a failed read is not charged", sourceLocation: sourceLocation)
            return error
        }
    }

    @Test func aTreeOfMoreNodesThanTheBudgetIsALocatedErrorInBothSyntaxes() throws {
        // The root, "string" and the sequence come first, so item 997 is node 1 001.
        func json(_ count: Int) -> String {
            "{\"type\":\"string\",\"x-a\":[" + Array(repeating: "0", count: count).joined(separator: ",") + "]}"
        }
        func yaml(_ count: Int) -> String {
            "type: string\nx-a:\n" + String(repeating: "- 0\n", count: count)
        }
        let budget = Reader.Budget(maximumNodes: 1_000)
        for (text, file, location) in [(json, "a.json", at(1, 25 + 2 * 997)), (yaml, "a.yaml", at(3 + 997, 3))] {
            var spent = budget
            _ = try Reader.read(text(997), fileName: file, budget: &spent)
            #expect(spent.nodes == 1_000, "\(file)")

            let error = try #require(budgetError(text(998), fileName: file, budget: budget))
            #expect(
                error.description
                    == "\(file):\(location): error: the spec and the files it references hold more than 1000 "
                    + "nodes, YAML aliases expanded; a spec this size is refused")
        }
    }

    @Test func theBudgetIsSharedByTheReadsItIsPassedTo() throws {
        let text = "[" + Array(repeating: "0", count: 599).joined(separator: ",") + "]"
        var budget = Reader.Budget(maximumNodes: 1_000)
        _ = try Reader.read(text, fileName: "a.json", budget: &budget)
        #expect(budget.nodes == 600)
        // Alone the second file fits; after the first it passes the limit at its item 400.
        let error = try #require(budgetError(text, fileName: "b.json", budget: budget))
        #expect(error.file == "b.json")
        #expect(error.location == at(1, 2 + 2 * 399))
        #expect(error.message.contains("more than 1000 nodes"))
        _ = try Reader.read(text, fileName: "b.json")
    }

    @Test func keysAndScalarsAreChargedAsText() throws {
        let budget = Reader.Budget(maximumTextSize: 20)
        // "abc" and "defgh" make 8 bytes, then each "k": "0123456789" adds 11 until the 21st byte.
        let json = #"{"abc": "defgh", "k": "0123456789", "k": "0123456789"}"#
        #expect(budgetError(json, fileName: "a.json", budget: budget)?.location == at(1, 42))
        let yaml = "abc: defgh\nk: 0123456789\nl: 0123456789\n"
        let error = try #require(budgetError(yaml, fileName: "a.yaml", budget: budget))
        #expect(error.location == at(3, 4))
        #expect(error.message.contains("more than 20 bytes of text (keys and scalar values)"))
    }

    @Test func aliasesAreChargedWithTheTextTheyCopy() throws {
        let long = String(repeating: "A", count: 1_000)
        // 1 005 bytes for `x-big`, then 1 002 for each `kN: *big` until the 4th passes 5 000.
        let text =
            "x-big: &big \"\(long)\"\n" + (0..<800).map { "k\($0 % 10): *big\n" }.joined()
        let error = try #require(
            budgetError(text, fileName: "a.yaml", budget: Reader.Budget(maximumTextSize: 5_000)))
        #expect(
            error.description
                == "a.yaml:5:5: error: alias '*big' copies 1 node and 1000 bytes of text: the spec and the files it "
                + "references hold more than 5000 bytes of text (keys and scalar values), YAML aliases expanded; "
                + "a spec this size is refused")

        // A mapping copies its keys and its nodes too.
        let mapping = "m: &m {description: \"\(long)\"}\nn: *m\n"
        let copied = try #require(
            budgetError(mapping, fileName: "a.yaml", budget: Reader.Budget(maximumTextSize: 2_000)))
        #expect(copied.location == at(2, 4))
        #expect(copied.message.hasPrefix("alias '*m' copies 2 nodes and 1011 bytes of text: "))
        let nodes = try #require(budgetError(mapping, fileName: "a.yaml", budget: Reader.Budget(maximumNodes: 4)))
        #expect(nodes.location == at(2, 4))
        #expect(nodes.message.contains("more than 4 nodes"))
    }

    @Test func aliasesToOneMebibyteStopAtTheRealLimit() throws {
        // The copies share storage, so this costs one mebibyte however many aliases there are.
        let big = String(repeating: "A", count: 1 << 20)
        let text =
            "x-big: &big \"\(big)\"\n" + (0..<800).map { "p\(String(format: "%03d", $0)): *big\n" }.joined()
        let start = Date()
        let error = try #require(diagnostic(parsing: text, fileName: "alias.yaml"))
        // `x-big` and 63 copies make 64 MiB and 257 bytes: the 63rd alias passes the limit.
        #expect(error.location == at(64, 7))
        #expect(error.message.contains("alias '*big' copies 1 node and 1048576 bytes of text"))
        #expect(error.message.contains("more than 64 MiB of text"))
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aBigYAMLFileReadInPartsStopsWhereTheWholeReadStops() throws {
        let text = (0..<20_000).map { "key\($0): value\nmore\($0):\n  a: 1\n  b: 2\n" }.joined()
        #expect(text.utf8.count > YAMLParser.minimumSizeForParts)
        var spent = Reader.Budget()
        _ = try Reader.read(text, fileName: "spec.yaml", budget: &spent)
        #expect(spent.nodes == 80_001)
        var bytes = text
        let whole = try bytes.withUTF8 { try YAMLParser.parseDocument($0, fileName: "spec.yaml") }
        #expect(spent == whole.budget)
        let inParts = bytes.withUTF8 { YAMLParser.parseInParts($0, fileName: "spec.yaml", partCount: 3) }
        #expect(inParts?.budget == whole.budget)

        let error = try #require(
            budgetError(text, fileName: "spec.yaml", budget: Reader.Budget(maximumNodes: spent.nodes - 1)))
        #expect(error.location == at(80_000, 6))
        #expect(error.message.contains("more than \(spent.nodes - 1) nodes"))
    }

    /// A long list read before many short ones: each short list has storage of its own size,
    /// not the shared stack's (20 000 values then 20 000 two-element lists reserved 26 GB of
    /// address space, and crashed under an 8 GB cap, while touching little of it).
    @Test(arguments: ["json", "yaml"])
    func listsAfterALongOneHoldOnlyTheirOwnStorage(_ syntax: String) throws {
        let long = (0..<20_000).map { "\($0)" }.joined(separator: ", ")
        let short = (0..<100).map { "\"s\($0)\": [\($0), \($0)]" }.joined(separator: ", ")
        let root = try Reader.parse("{\"long\": [\(long)], \(short)}", fileName: "spec.\(syntax)")
        let lists = (0..<100).compactMap { root["s\($0)"]?.sequence }
        #expect(lists.count == 100)
        #expect(lists.allSatisfy { $0.capacity < 100 })
    }
}
