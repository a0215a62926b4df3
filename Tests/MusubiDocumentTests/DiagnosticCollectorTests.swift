import MusubiReader
import Testing

@testable import MusubiDocument

/// The one collector every stage reports through: once per severity, message and place, in
/// the order found.
@Suite struct DiagnosticCollectorTests {
    @Test func reportsEachProblemOncePerPlace() {
        var collector = DiagnosticCollector()
        let recorded1 = collector.report(.warning("w", file: "a.yaml", at: at(1, 1)))
        #expect(recorded1)
        let recorded2 = collector.report(.warning("w", file: "a.yaml", at: at(1, 1)))
        #expect(!recorded2)
        // Another place, file, severity or message is another report.
        let recorded3 = collector.report(.warning("w", file: "a.yaml", at: at(2, 1)))
        #expect(recorded3)
        let recorded4 = collector.report(.warning("w", file: "b.yaml", at: at(1, 1)))
        #expect(recorded4)
        let recorded5 = collector.report(.error("w", file: "a.yaml", at: at(1, 1)))
        #expect(recorded5)
        let recorded6 = collector.report(.warning("v", file: "a.yaml", at: at(1, 1)))
        #expect(recorded6)
        let recorded7 = collector.report(.warning("w", file: "a.yaml"))
        #expect(recorded7)
        let recorded8 = collector.report(.warning("w", file: "a.yaml"))
        #expect(!recorded8)
        #expect(
            collector.diagnostics.map(\.description) == [
                "a.yaml:1:1: warning: w", "a.yaml:2:1: warning: w", "b.yaml:1:1: warning: w", "a.yaml:1:1: error: w",
                "a.yaml:1:1: warning: v", "a.yaml: warning: w",
            ])
        #expect(collector.hasErrors)
        #expect(collector.errors.map(\.message) == ["w"])
    }

    /// Two files printed under one relative name are told apart by the scope they are
    /// reported in (the loader's is the file's absolute identity).
    @Test func theScopeDecidesWhichFileIsMeant() {
        var collector = DiagnosticCollector()
        let recorded9 = collector.report(.warning("w", file: "common.yaml", at: at(1, 1)), scope: "/a/common.yaml")
        #expect(recorded9)
        let recorded10 = collector.report(.warning("w", file: "common.yaml", at: at(1, 1)), scope: "/b/common.yaml")
        #expect(recorded10)
        let recorded11 = collector.report(.warning("w", file: "common.yaml", at: at(1, 1)), scope: "/a/common.yaml")
        #expect(!recorded11)
        #expect(collector.diagnostics.count == 2)
    }

    @Test func appendKeepsEveryDiagnosticInOrder() {
        var collector = DiagnosticCollector([.warning("first", file: "a.yaml")])
        collector.append(.warning("first", file: "a.yaml"))
        collector.append(contentsOf: [.error("second", file: "musubi.yaml"), .warning("first", file: "a.yaml")])
        #expect(collector.diagnostics.map(\.message) == ["first", "first", "second", "first"])
        #expect(collector.hasErrors)
    }

    /// A component used by several operations is read once per use; a problem inside it is
    /// reported once, where it is written.
    @Test func theLoaderReportsARepeatedProblemOnce() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /a:
                    get:
                      operationId: a
                      parameters: [{$ref: '#/components/parameters/Odd'}]
                      responses: {'204': {description: ok}}
                  /b:
                    get:
                      operationId: b
                      parameters: [{$ref: '#/components/parameters/Odd'}]
                      responses: {'204': {description: ok}}
                components:
                  parameters:
                    Odd: {name: odd, in: cookie, style: deepObject, schema: {type: string}}
                """))
        #expect(result.document.operations.map { $0.parameters.first?.style } == [.form, .form])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:16:41: warning: style 'deepObject' is not defined for cookie parameters ('odd'); it is sent in form style"
            ])
    }
}
