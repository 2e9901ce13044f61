import Testing

@testable import TransferClipboard

/// The socket path's limit: `sun_path` holds 108 bytes on Linux, its last the NUL.
@Suite("UnixSocket: the path's limit")
struct UnixSocketTests {
    /// A path of `count` bytes under the temporary directory, to a socket that is not there.
    func path(ofLength count: Int) -> String {
        let prefix = "/tmp/transferkit-socket-"
        return prefix + String(repeating: "x", count: count - prefix.utf8.count)
    }

    @Test("107 bytes are tried (and not there); 108 are refused as too long, before any connect")
    func pathLimit() {
        #expect {
            _ = try UnixSocket.connected(to: path(ofLength: 107), description: "a test's server")
        } throws: { error in
            let error = error as? ClipboardError
            return error?.code == .connectionFailed && error?.reason.contains("cannot connect") == true
        }
        #expect {
            _ = try UnixSocket.connected(to: path(ofLength: 108), description: "a test's server")
        } throws: { error in
            let error = error as? ClipboardError
            return error?.code == .connectionFailed && error?.reason.contains("too long a socket path") == true
        }
    }
}
