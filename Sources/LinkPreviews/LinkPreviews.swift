// `import LinkPresentation` brings Foundation with it, so code written against it uses `URL`,
// `URLRequest` and `NSItemProvider` without importing Foundation; `import LinkPreviews` does the
// same. On Linux, `URLRequest` lives in FoundationNetworking, which comes along too, and the item
// providers are TransferKit's `ItemProvider` (`NSItemProvider` there), which comes along as well.
@_exported public import Foundation
@_exported public import TransferKit

#if canImport(FoundationNetworking)
    @_exported public import FoundationNetworking
#endif
