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
    ///   - error: The failure of the system call.
    package static func reading(_ url: URL, errno error: Errno) -> CocoaError {
        let code: CocoaError.Code =
            switch error.rawValue {
            case ENOENT: .fileReadNoSuchFile
            case EACCES, EPERM: .fileReadNoPermission
            default: .fileReadUnknown
            }
        return file(code, url, error)
    }

    /// The error for a file that cannot be created, written or renamed into place, as
    /// `Data.write(to:)` throws it.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - error: The failure of the system call.
    package static func writing(_ url: URL, errno error: Errno) -> CocoaError {
        let code: CocoaError.Code =
            switch error.rawValue {
            case ENOENT: .fileNoSuchFile
            case EACCES, EPERM: .fileWriteNoPermission
            case ENOSPC, EDQUOT: .fileWriteOutOfSpace
            case EROFS: .fileWriteVolumeReadOnly
            default: .fileWriteUnknown
            }
        return file(code, url, error)
    }

    private static func file(_ code: CocoaError.Code, _ url: URL, _ error: Errno) -> CocoaError {
        CocoaError(
            code,
            userInfo: [
                "NSFilePath": url.path, "NSDebugDescription": error.description,
                "NSUnderlyingError": POSIXError(POSIXErrorCode(rawValue: error.rawValue) ?? .EIO),
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
