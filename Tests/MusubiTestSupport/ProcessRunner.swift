import Foundation

/// What a program printed and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs a program to its end without holding a thread while it runs.
///
/// Tests that build a package wait minutes for `swift build`. Blocking in `waitUntilExit()`
/// would hold one of the concurrency pool's threads (as many as cores: two here) the whole
/// time, and two such tests at once would starve the timing-sensitive tests running beside
/// them (streaming, cancellation). Both outputs go to files, so no pipe can fill up and stall
/// the program.
public func runProcess(
    _ program: String, _ arguments: [String], in directory: URL? = nil
) async throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
    process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
    if let directory { process.currentDirectoryURL = directory }
    let logs = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: logs) }
    let outputFile = logs.appendingPathComponent("stdout")
    let errorFile = logs.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in continuation.resume() }
        do {
            try process.run()
        } catch {
            continuation.resume(throwing: error)
        }
    }
    return ProcessOutput(
        status: process.terminationStatus,
        standardOutput: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "",
        standardError: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
}

/// A program that ended with a status other than 0, with what it printed.
public struct ProcessFailure: Error, CustomStringConvertible {
    public var description: String
}

/// Runs a program to its end and returns its standard output; a status other than 0 throws a
/// ``ProcessFailure`` with the command and both outputs. Tests that build generated packages
/// with `swift build` share it.
@discardableResult
public func runSucceeding(_ program: String, _ arguments: [String], in directory: URL? = nil) async throws -> String {
    let result = try await runProcess(program, arguments, in: directory)
    guard result.status == 0 else {
        throw ProcessFailure(
            description: "\(program) \(arguments.joined(separator: " ")) exited with \(result.status):\n"
                + "\(result.standardOutput)\n\(result.standardError)")
    }
    return result.standardOutput
}
