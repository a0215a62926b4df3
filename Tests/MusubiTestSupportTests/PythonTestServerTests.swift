import Foundation
import MusubiTestSupport
import Testing

/// The test-server launcher of MusubiTestSupport: it reads the announced port, and a server
/// that never announces one fails by the deadline instead of hanging the run.
@Suite struct PythonTestServerTests {
    @Test func readsTheAnnouncedPort() throws {
        let server = try PythonTestServer(
            program: "/bin/sh", arguments: ["-c", "echo PORT=4711; exec sleep 30"], name: "announcer",
            startupDeadline: .seconds(10))
        #expect(server.port == 4711)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:4711")
    }

    @Test func aServerThatNeverAnnouncesFailsByTheDeadline() throws {
        let started = Date()
        let error = #expect(throws: PythonTestServer.StartFailure.self) {
            try PythonTestServer(
                program: "/bin/sh", arguments: ["-c", "echo starting >&2; exec sleep 30"], name: "silent",
                startupDeadline: .seconds(1))
        }
        #expect(Date().timeIntervalSince(started) < 15, "the wait should end at the deadline, not with the server")
        #expect(error?.description.contains("silent did not announce its port within 1.0 s") == true)
        #expect(error?.description.contains("starting") == true, "the failure shows what the server printed")
    }

    @Test func aServerThatExitsFailsWithWhatItPrinted() throws {
        let error = #expect(throws: PythonTestServer.StartFailure.self) {
            try PythonTestServer(
                program: "/bin/sh", arguments: ["-c", "echo no module named werkzeug >&2; exit 1"], name: "broken",
                startupDeadline: .seconds(10))
        }
        #expect(error?.description.contains("broken did not start") == true)
        #expect(error?.description.contains("no module named werkzeug") == true)
    }
}
