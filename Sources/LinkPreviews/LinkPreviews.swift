// `import LinkPresentation` brings Foundation with it, so code written against it uses `URL`,
// `URLRequest` and `NSItemProvider` without importing Foundation; `import LinkPreviews` does the
// same. On Linux, `URLRequest` lives in FoundationNetworking, which comes along too, and the item
// providers are TransferKit's `ItemProvider` (`NSItemProvider` there, from TransferKitFoundation,
// which comes along as well, with Foundation and TransferKit).
@_exported public import TransferKitFoundation

#if canImport(FoundationNetworking)
    @_exported public import FoundationNetworking
#endif
