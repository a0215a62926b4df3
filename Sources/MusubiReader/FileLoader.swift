#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// Reads a whole file into memory with the C library.
///
/// The C library keeps the module free of Foundation and gives the operating system's own
/// reason on failure ("No such file or directory"), which is what a user needs to see.
enum FileLoader {
    private static let chunkSize = 1 << 20

    static func contents(ofFile path: String) throws(Diagnostic) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw failure("cannot open file", path: path)
        }
        defer { fclose(file) }

        var bytes: [UInt8] = []
        if fseek(file, 0, SEEK_END) == 0 {
            let size = ftell(file)
            if size > 0 { bytes.reserveCapacity(Int(size)) }
            rewind(file)
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[0..<count])
            if count < chunkSize { break }
        }
        if ferror(file) != 0 {
            throw failure("cannot read file", path: path)
        }
        return bytes
    }

    private static func failure(_ what: String, path: String) -> Diagnostic {
        let reason = String(cString: strerror(errno))
        return .error("\(what): \(reason)", file: path)
    }
}
