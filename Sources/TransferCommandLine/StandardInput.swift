import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, read as a stream with a size limit: never to the end whatever it holds, and
/// never with a crash when it is closed or is a directory.
enum StandardInput {
    /// The most read from standard input: past it, the input must be given as a file.
    static let limit = 1 << 30

    /// Reads standard input to its end.
    ///
    /// - Throws: `ToolError` 66 when standard input is closed or cannot be read (a directory),
    ///   65 when it holds more than `limit` bytes, 74 on another read error.
    static func readAll(limit: Int = StandardInput.limit) throws -> Data {
        var bytes: [UInt8] = []
        let chunk = 1 << 20
        while true {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            var count: Int
            repeat {
                count = bytes.withUnsafeMutableBytes { systemRead(0, $0.baseAddress! + start, chunk) }
            } while count < 0 && errno == EINTR
            let number = errno
            bytes.removeLast(chunk - max(count, 0))
            if count == 0 { return Data(bytes) }
            if count < 0 {
                switch number {
                case EBADF:
                    throw ToolError(
                        .noInput, "standard input: closed (expected the input, or give a file instead of -)")
                case EISDIR: throw ToolError(.noInput, "standard input: a directory (expected a file's contents)")
                default:
                    throw ToolError(.ioError, "standard input: cannot be read (\(String(cString: strerror(number))))")
                }
            }
            if bytes.count > limit {
                throw ToolError(
                    .dataError,
                    "standard input: more than \(limit >> 20) MiB (expected at most that much; give the input as a file, which is read in place)"
                )
            }
        }
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Musl)
    private let systemRead = Musl.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
