#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

package extension EncodingError {
    /// One line for a person: what could not be written, where, and why — without the value, which
    /// may be megabytes long, and without Swift type names.
    ///
    /// `cannot write [0].bio: expected a field of at most 16777216 bytes …, found one of 16777217`
    var readableDescription: String {
        switch self {
        case .invalidValue(_, let context):
            var reason = context.debugDescription
            if reason.hasSuffix(".") { reason.removeLast() }
            return "cannot write \(DecodingError.place(context.codingPath)): \(reason)"
        @unknown default:
            return "cannot write the value"
        }
    }
}
