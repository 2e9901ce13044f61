import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension String: Transferable {
    /// A string transfers as UTF-8 plain text (`public.utf8-plain-text`), as with Apple's framework.
    ///
    /// Importing bytes that are not valid UTF-8 fails with ``TransferError/Code/decodingFailed``.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .utf8PlainText) { string in
            Data(string.utf8)
        } importing: { data in
            try String.decodingUTF8(data, as: .utf8PlainText)
        }
    }

    /// The string in `data`, which must be valid UTF-8.
    static func decodingUTF8(_ data: Data, as contentType: UTType) throws(TransferError) -> String {
        guard let string = String(validating: data, as: UTF8.self) else {
            let offset = UTF8Validation.firstInvalidByte(in: data) ?? 0
            throw TransferError(
                .decodingFailed, itemType: String.self, requestedContentType: contentType,
                reason:
                    "Expected UTF-8 text for \(contentType.identifier), found an invalid byte sequence at byte \(offset)"
            )
        }
        return string
    }
}

extension Data: Transferable {
    /// Data transfers as itself, under `public.data`, as with Apple's framework.
    ///
    /// Importing with a more specific content type fails: `Data(importing: pngBytes, contentType: .png)`
    /// finds no representation, since `public.data` does not conform to `public.png`. Pass
    /// `contentType: .data` or `nil` to take any bytes.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .data) {
            $0
        } importing: {
            $0
        }
    }
}
