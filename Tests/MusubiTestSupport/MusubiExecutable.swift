import Foundation

/// The built `musubi` executable, beside the test bundle in the build products.
public var musubiExecutable: URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent("musubi")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    let fallback = repositoryRoot.appendingPathComponent(".build/debug/musubi")
    return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
}

/// Runs the real `musubi` binary, as a user or a build script would, in `directory`, with
/// `environment` added to this process's.
public func runMusubi(
    _ arguments: [String], in directory: URL = repositoryRoot, environment: [String: String] = [:]
) throws -> ProcessOutput {
    guard let executable = musubiExecutable else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "musubi executable not built"])
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Both pipes are read at once, standard error on a thread of its own, before waiting: a
    // child that fills one pipe while the other is read would otherwise wait forever.
    let errorReader = PipeReader(error.fileHandleForReading)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errorReader.wait()
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()  // written by the thread before `done` is signalled, read after

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    /// Everything the pipe carried, once its writer closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}
