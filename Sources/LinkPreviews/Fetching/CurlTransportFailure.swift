internal import CTransferKitSystem
internal import Foundation

/// Why a ``CurlLinkTransport`` request failed, in words: what happened, how far the response came,
/// and libcurl's own detail.
struct CurlTransportFailure: Error, CustomStringConvertible {
    /// The sentence.
    let description: String

    /// A failure that is only words (no transfer ran).
    init(words: String) { description = words }

    /// A transfer's failure: libcurl's result `code`, the C layer's `stop` reason, the `phase` the
    /// response reached, the system's error number of the last socket call, and the detail libcurl or
    /// the C layer gave.
    init(code: Int, stop: Int, phase: Int, systemError: Int32, detail: String) {
        let detail = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        switch stop {
        case Int(TRANSFERKIT_HTTP_STOP_TOO_MANY_HEADERS), Int(TRANSFERKIT_HTTP_STOP_HEADERS_TOO_LARGE):
            description = "the server's response headers are too large (\(detail))"
            return
        case Int(TRANSFERKIT_HTTP_STOP_CONFLICTING_LENGTH), Int(TRANSFERKIT_HTTP_STOP_LENGTH_WITH_CHUNKED),
            Int(TRANSFERKIT_HTTP_STOP_BAD_LENGTH):
            description = "the server's response is not valid HTTP: its length is ambiguous (\(detail))"
            return
        case Int(TRANSFERKIT_HTTP_STOP_UNAVAILABLE), Int(TRANSFERKIT_HTTP_STOP_OUT_OF_MEMORY):
            description = detail.isEmpty ? "the transfer could not be made" : detail
            return
        default:
            break
        }
        let phrase = Self.phrase(for: code, detail: detail, phase: phase, systemError: systemError)
        // libcurl says "Out of memory" for a header line over its limit: the phrase says what it was.
        let shown = detail.isEmpty || phrase.contains(detail) || code == 27 ? "" : " (\(detail))"
        description = phrase + shown
    }

    /// libcurl's result codes (curl.h, `CURLcode`), in words.
    private static func phrase(for code: Int, detail: String, phase: Int, systemError: Int32) -> String {
        let cutOff =
            switch phase {
            case TRANSFERKIT_HTTP_PHASE_NOTHING: " before the response began"
            case TRANSFERKIT_HTTP_PHASE_STATUS: ", the response cut off inside its headers"
            default: ", the response cut off inside its body"
            }
        switch code {
        case 0: return "the server closed the connection inside the response's headers"
        case 1 where detail.contains("HTTP/0.9"):
            return "the server's answer is not an HTTP response (no status line)"
        case 1: return "the URL's scheme is not one the transport can fetch (http or https)"
        case 3: return "the URL is malformed"
        case 6: return "the host name could not be resolved"
        case 7 where systemError == ECONNREFUSED: return "the connection was refused (nothing listens on the port)"
        case 7 where systemError == ENETUNREACH || systemError == EHOSTUNREACH: return "the host is unreachable"
        case 7: return "the connection could not be made"
        case 8: return "the server's response is not valid HTTP"
        case 18: return "the server closed the connection before the whole body arrived"
        case 27 where phase < Int(TRANSFERKIT_HTTP_PHASE_HEADERS):
            return "the server's response headers are too large (a header line over libcurl's 100 KiB limit)"
        case 28: return "the transfer timed out"
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
            return "the secure connection (TLS) failed"
        case 42: return "the transfer was cancelled"
        case 47: return "too many redirects"
        case 52: return "the server closed the connection without a complete response"
        case 55: return "sending the request failed"
        case 56 where detail.localizedCaseInsensitiveContains("chunk"):
            return "the server's response is not valid HTTP: its chunked encoding is broken"
        case 56 where systemError == ECONNRESET: return "the server reset the connection" + cutOff
        case 56: return "the connection failed" + cutOff
        case 61: return "the response's body could not be decoded (its Content-Encoding does not match its bytes)"
        case 16, 92: return "the HTTP/2 stream failed"
        default:
            return "the transfer failed (libcurl error \(code))"
        }
    }
}
