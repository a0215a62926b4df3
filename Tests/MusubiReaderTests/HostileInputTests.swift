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
}
