import Foundation
import TransferSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response header that HTTP forbids (RFC 9110 §5.5, §5.3): refused with what was found.
struct HeaderFieldFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A transport's failure in words — what happened, with the transport's own detail where it gives
/// one — never Foundation's dump of an error and its user info.
enum TransportFailure {
    /// What went wrong, for a person: `the connection was refused (nothing listens on the port)`,
    /// `the server's response is not valid HTTP (Nul byte in header)`.
    static func words(for error: any Error) -> String {
        if let failure = error as? CurlTransportFailure { return failure.description }
        if let failure = error as? HeaderFieldFailure { return failure.description }
        if let error = error as? URLError {
            let detail = detail(of: error as NSError)
            // libcurl reports an answer without a status line (HTTP/0.9, TLS bytes on http) as an
            // unsupported protocol, which URLSession calls an unsupported URL.
            if error.code == .unsupportedURL, let detail, detail.contains("HTTP/0.9") {
                return "the server's answer is not an HTTP response (no status line) (\(detail))"
            }
            return phrase(for: error.code) + detail.map { " (\($0))" }.orEmpty
        }
        if let error = error as? POSIXError {
            return SystemCalls.reason(error.code.rawValue)
        }
        let error = error as NSError
        if error.domain == NSURLErrorDomain {
            return phrase(for: URLError.Code(rawValue: error.code) ?? .unknown)
                + detail(of: error).map { " (\($0))" }.orEmpty
        }
        if error.domain == NSPOSIXErrorDomain { return SystemCalls.reason(Int32(error.code)) }
        return detail(of: error) ?? "the transfer failed (\(error.domain) \(error.code))"
    }

    /// The phrase for a URL loading error's code.
    private static func phrase(for code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "the connection was refused (nothing listens on the port)"
        case .cannotFindHost, .dnsLookupFailed: "the host name could not be resolved"
        case .networkConnectionLost: "the server closed the connection before the response was complete"
        case .badServerResponse, .cannotParseResponse: "the server's response is not valid HTTP"
        case .zeroByteResource: "the server closed the connection without a response"
        case .timedOut: "the transfer timed out"
        case .notConnectedToInternet: "there is no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            "the secure connection (TLS) failed"
        case .cannotDecodeContentData, .cannotDecodeRawData: "the response's body could not be decoded"
        case .dataLengthExceedsMaximum: "the response is larger than allowed"
        case .httpTooManyRedirects: "too many redirects"
        case .unsupportedURL, .badURL: "the URL is not one the transport can fetch"
        case .cancelled: "the transfer was cancelled"
        case .unknown: "the transfer failed"
        default: "the transfer failed (URL error \(code.rawValue))"
        }
    }

    /// The deepest message the error and the errors under it give in words, if any: libcurl's, on
    /// Linux ("Nul byte in header", "Recv failure: Connection reset by peer").
    private static func detail(of error: NSError) -> String? {
        var found: String?
        var current: NSError? = error
        var depth = 0
        while let error = current, depth < 8 {
            for key in [NSLocalizedDescriptionKey, "NSDebugDescription", NSLocalizedFailureReasonErrorKey] {
                if let text = error.userInfo[key] as? String, isWords(text) { found = text }
            }
            current = error.userInfo[NSUnderlyingErrorKey] as? NSError
            depth += 1
        }
        return found.map { String($0.prefix(200)) }
    }

    /// Whether `text` says something: not empty, not "(null)", not Foundation's generic sentence.
    private static func isWords(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return !trimmed.isEmpty && trimmed != "(null)" && !trimmed.hasPrefix("The operation could")
            && !trimmed.contains("Error Domain=")
    }
}

extension Optional<String> {
    fileprivate var orEmpty: String { self ?? "" }
}
