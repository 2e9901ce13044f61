package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client that writes exactly the bytes it is given and reads responses as they come: what a
/// hostile or simply unusual client sends, which URLSession would not. Shared by the test targets
/// of the HTTP servers (TransferKitTestingTests) and of `transfer placeholder serve`
/// (TransferCommandLineTests).
/// `@unchecked Sendable`: one thread may write while another reads (the socket allows it); the read
/// buffer is used by the reading thread only.
package final class RawHTTPClient: @unchecked Sendable {
    package struct Response {
        package var status: Int
        package var fields: [(name: String, value: String)]
        package var body: Data
        /// The words after the status code: `Not Found`.
        package var reasonPhrase = ""

        package func value(_ name: String) -> String? {
            fields.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `port` on 127.0.0.1, or on ::1.
    package init(port: UInt16, ipv6: Bool = false) throws {
        #if canImport(Glibc)
            descriptor = socket(
                ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            descriptor = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)
        #endif
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw Failure(description: "connect: \(String(cString: strerror(error)))")
        }
    }

    deinit { close(descriptor) }

    /// Writes the bytes; `false` when the server has closed or reset the connection.
    @discardableResult
    package func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Reads one response; `head` says it answers a HEAD request (no body whatever the length).
    package func response(head: Bool = false, timeout: Duration = .seconds(10)) throws -> Response {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let end = headEnd() {
                let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
                    throw Failure(description: "status line: \(lines[0])")
                }
                let fields = lines.dropFirst().filter { !$0.isEmpty }.map { line -> (String, String) in
                    let colon = line.firstIndex(of: ":") ?? line.endIndex
                    return (
                        String(line[..<colon]),
                        String(line[colon...].dropFirst()).trimmingCharacters(in: .whitespaces)
                    )
                }
                var response = Response(status: status, fields: fields, body: Data())
                response.reasonPhrase = parts.count > 2 ? String(parts[2]) : ""
                let length =
                    head || status == 304 || status == 204 ? 0 : Int(response.value("Content-Length") ?? "") ?? -1
                let start = end + 4
                if length >= 0 {
                    while buffer.count < start + length {
                        guard try fill(until: deadline) else { throw Failure(description: "closed in the body") }
                    }
                    response.body = Data(buffer[start..<start + length])
                    buffer.removeFirst(start + length)
                } else {
                    while try fill(until: deadline) {}
                    response.body = Data(buffer[start...])
                    buffer.removeAll()
                }
                return response
            }
            guard try fill(until: deadline) else {
                throw Failure(description: "closed before a response (\(buffer.count) bytes)")
            }
        }
    }

    /// Whether the server has closed the connection (reads the end of the stream, or a reset)
    /// within `timeout`.
    package func isClosed(within timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            do {
                guard try fill(until: deadline) else { return true }
            } catch {
                return false
            }
        }
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Reads more; `false` at the end of the stream (or a reset); throws when the deadline passes.
    private func fill(until deadline: ContinuousClock.Instant) throws -> Bool {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw Failure(description: "timed out") }
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
        guard poll(&descriptor, 1, milliseconds) > 0 else { throw Failure(description: "timed out") }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }
}
