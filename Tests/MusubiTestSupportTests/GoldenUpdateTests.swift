import Foundation
import MusubiTestSupport
import Testing

/// The golden-update mode rewrites goldens only when asked and not under CI, and tells which
/// files it changed, so an update never passes silently.
@Suite struct GoldenUpdateTests {
    /// A folder with two golden files.
    static func goldens() throws -> URL {
        let folder = try makeTemporaryDirectory()
        try Data("one\n".utf8).write(to: folder.appendingPathComponent("a.swift"))
        try Data("two\n".utf8).write(to: folder.appendingPathComponent("b.swift"))
        return folder
    }

    @Test func offItNeitherWritesNorRecords() throws {
        let folder = try Self.goldens()
        defer { try? FileManager.default.removeItem(at: folder) }
        var wrote = false
        let outcome = GoldenUpdate.apply(at: folder, requested: false, onCI: false) { wrote = true }
        #expect(outcome == .off)
        #expect(!wrote)
    }

    @Test func underCIItWritesNothingAndFails() throws {
        let folder = try Self.goldens()
        defer { try? FileManager.default.removeItem(at: folder) }
        var wrote = false
        #expect(GoldenUpdate.apply(at: folder, requested: true, onCI: true) { wrote = true } == .refusedOnCI)
        #expect(!wrote)
        withKnownIssue {
            let rewritten = GoldenUpdate.rewrite(folder, requested: true, onCI: true) { wrote = true }
            #expect(!rewritten, "under CI the test goes on to compare")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("MUSUBI_UPDATE_GOLDENS is set under CI") }
        }
        #expect(!wrote)
    }

    @Test func itNamesEveryFileItChangedAddedOrRemoved() throws {
        let folder = try Self.goldens()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try GoldenUpdate.apply(at: folder, requested: true, onCI: false) {
            try Data("one, changed\n".utf8).write(to: folder.appendingPathComponent("a.swift"))
            try FileManager.default.removeItem(at: folder.appendingPathComponent("b.swift"))
            try Data("three\n".utf8).write(to: folder.appendingPathComponent("c.swift"))
        }
        #expect(outcome == .rewritten(["a.swift", "b.swift", "c.swift"]))
    }

    @Test func aCurrentGoldenIsRewrittenWithoutChange() throws {
        let folder = try Self.goldens()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.swift")
        let outcome = try GoldenUpdate.apply(at: file, requested: true, onCI: false) {
            try Data("one\n".utf8).write(to: file)
        }
        #expect(outcome == .rewritten([]))
    }

    @Test func eachRewrittenFileIsAWarningThatNamesIt() {
        let location = repositoryRoot.appendingPathComponent("Tests/Goldens/ConstructsClient")
        let report = GoldenUpdate.report(of: .rewritten(["Models/Pet.swift", "API.swift"]), at: location)
        #expect(
            report.map(\.0) == [
                "MUSUBI_UPDATE_GOLDENS rewrote Tests/Goldens/ConstructsClient/Models/Pet.swift: review the diff",
                "MUSUBI_UPDATE_GOLDENS rewrote Tests/Goldens/ConstructsClient/API.swift: review the diff",
            ])
        #expect(report.allSatisfy { $0.1 == .warning })
        #expect(GoldenUpdate.report(of: .rewritten([]), at: location).isEmpty, "nothing changed, nothing to say")
        #expect(GoldenUpdate.report(of: .off, at: location).isEmpty)
        #expect(GoldenUpdate.report(of: .refusedOnCI, at: location).map(\.1) == [.error])
    }
}
