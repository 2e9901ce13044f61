/// The X server's answer to the connection setup (*X Window System Protocol*, "Connection Setup"
/// and appendix B, "Connection Setup"): refused (`Failed`), a request for more authentication
/// (`Authenticate`), or accepted with what a client needs to make requests.
///
/// Decoded by ``init(decoding:)`` from the whole answer, which is 8 bytes and then the number of
/// 4-byte units its bytes 6–7 name (``additionalLength(head:)``); every length inside it is checked
/// against the bytes there are, so that a server that lies about them is a protocol error.
enum X11SetupReply: Equatable {
    /// What a client needs of an accepted connection.
    struct Success: Equatable {
        /// `resource-id-base` and `resource-id-mask`: the identifiers this client may allocate.
        var idBase: UInt32
        var idMask: UInt32
        /// `maximum-request-length`, in 4-byte units: at least 4096, as the protocol guarantees.
        var maximumRequestLength: UInt16
        /// The root window of the first screen, `nil` when the server lists none.
        var root: X11Window?
        /// How an image for the root window's depth is laid out in `PutImage`, `nil` when the
        /// server lists no screen or no pixmap format for its depth.
        var imageFormat: ImageFormat?
    }

    /// A `ZPixmap` image's layout for one depth: its pixmap format, and the server's byte order.
    struct ImageFormat: Equatable {
        var depth: UInt8
        var bitsPerPixel: UInt8
        /// Each row is padded to a multiple of this many bits.
        var scanlinePad: UInt8
        /// `image-byte-order`: most significant byte first.
        var mostSignificantFirst: Bool
    }

    case success(Success)
    /// `Failed`, with the server's reason.
    case failed(reason: String)
    /// `Authenticate`, with the server's reason.
    case authenticate(reason: String)

    /// The bytes that follow the first 8 of a setup answer: its bytes 6–7, in 4-byte units.
    static func additionalLength(head: [UInt8]) throws(ClipboardError) -> Int {
        try X11Wire.require(8, in: head, "the X server's setup answer")
        return Int(head.uint16(at: 6)) * 4
    }

    /// Decodes a whole setup answer.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` when the bytes are shorter than a field or a
    ///   length inside them says, or the first byte is none of 0, 1 and 2.
    init(decoding bytes: [UInt8]) throws(ClipboardError) {
        let what = "the X server's setup answer"
        let length = try Self.additionalLength(head: bytes)
        try X11Wire.require(8 + length, in: bytes, "\(what), which says it has \(8 + length),")
        switch bytes[0] {
        case 0:
            // 1 Failed, 1 reason length, 2+2 protocol version, 2 length, reason.
            let reasonLength = Int(bytes[1])
            try X11Wire.require(8 + reasonLength, in: bytes, "\(what) (Failed, a reason of \(reasonLength) bytes)")
            self = .failed(reason: Self.text(bytes[8..<(8 + reasonLength)]))
        case 2:
            // 1 Authenticate, 5 unused, 2 length, reason (padded).
            self = .authenticate(reason: Self.text(bytes[8...]))
        case 1:
            // Appendix B: 40 bytes of fixed fields, the vendor (padded), the pixmap formats (8 bytes
            // each), then the screens, each starting with its root window.
            try X11Wire.require(40, in: bytes, "\(what) (Success)")
            let vendorLength = Int(bytes.uint16(at: 24))
            let screenCount = Int(bytes[28])
            let formatCount = Int(bytes[29])
            let screens = 40 + (vendorLength + 3) / 4 * 4 + formatCount * 8
            // "This length is always at least 4096": a client sizes its requests by it.
            let maximumRequestLength = bytes.uint16(at: 26)
            guard maximumRequestLength >= 4096 else {
                throw ClipboardError(
                    .protocolError,
                    "\(what) (Success) says requests may be \(maximumRequestLength) units long: expected at least 4096")
            }
            var root: X11Window?
            var imageFormat: ImageFormat?
            if screenCount > 0 {
                // A screen's fixed part is 40 bytes, its root-depth at 38.
                try X11Wire.require(
                    screens + 40, in: bytes,
                    "\(what) (Success, a vendor of \(vendorLength) bytes, \(formatCount) pixmap formats, "
                        + "\(screenCount) screens)")
                root = X11Window(rawValue: bytes.uint32(at: screens))
                let depth = bytes[screens + 38]
                let formats = 40 + (vendorLength + 3) / 4 * 4
                imageFormat = (0..<formatCount).lazy.map { formats + $0 * 8 }.first { bytes[$0] == depth }.map {
                    ImageFormat(
                        depth: depth, bitsPerPixel: bytes[$0 + 1], scanlinePad: bytes[$0 + 2],
                        mostSignificantFirst: bytes[30] == 1)
                }
            }
            self = .success(
                Success(
                    idBase: bytes.uint32(at: 12), idMask: bytes.uint32(at: 16),
                    maximumRequestLength: maximumRequestLength, root: root, imageFormat: imageFormat))
        default:
            throw ClipboardError(
                .protocolError, "\(what) begins with \(bytes[0]): expected 0 (Failed), 1 (Success) or 2 (Authenticate)")
        }
    }

    /// A reason's bytes as text, without the NULs and newlines that pad it.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var reason = String(decoding: bytes, as: UTF8.self)
        while reason.last == "\0" || reason.last == "\n" { reason.removeLast() }
        return reason
    }
}
