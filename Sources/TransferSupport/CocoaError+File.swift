#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension CocoaError {
    /// The error for a file that cannot be opened or read, as `Data(contentsOf:)` throws it: a
    /// `CocoaError` with the path, the `POSIXError` beneath it, and the system's words.
    ///
    /// Every reader in the package, CSV and JSON alike, throws this for a failure of the file
    /// system, so that a caller (and the `transfer` tool's exit status) tells I/O from bad input
    /// the same way whatever the format.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - number: The `errno` of the failed call.
    package static func reading(_ url: URL, errno number: Int32) -> CocoaError {
        let code: CocoaError.Code =
            switch number {
            case ENOENT: .fileReadNoSuchFile
            case EACCES, EPERM: .fileReadNoPermission
            default: .fileReadUnknown
            }
        return file(code, url, number)
    }

    /// The error for a file that cannot be created, written or renamed into place, as
    /// `Data.write(to:)` throws it.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - number: The `errno` of the failed call.
    package static func writing(_ url: URL, errno number: Int32) -> CocoaError {
        let code: CocoaError.Code =
            switch number {
            case ENOENT: .fileNoSuchFile
            case EACCES, EPERM: .fileWriteNoPermission
            case ENOSPC, EDQUOT: .fileWriteOutOfSpace
            case EROFS: .fileWriteVolumeReadOnly
            default: .fileWriteUnknown
            }
        return file(code, url, number)
    }

    private static func file(_ code: CocoaError.Code, _ url: URL, _ number: Int32) -> CocoaError {
        CocoaError(
            code,
            userInfo: [
                "NSFilePath": url.path, "NSDebugDescription": SystemCalls.reason(number),
                "NSUnderlyingError": POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO),
            ])
    }

    /// The system's words for the failure beneath this error, with the path: `/tmp/x.csv: No such
    /// file or directory`; the error's own description when there is no system error beneath it.
    package var fileSystemReason: String {
        let path = userInfo["NSFilePath"] as? String
        let cause = (userInfo["NSUnderlyingError"] as? POSIXError).map { SystemCalls.reason($0.code.rawValue) }
        let reason = cause ?? (userInfo["NSDebugDescription"] as? String) ?? "\(self)"
        return path.map { "\($0): \(reason)" } ?? reason
    }
}
