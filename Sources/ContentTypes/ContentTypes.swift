// `import UniformTypeIdentifiers` brings Foundation with it on Apple's platforms, so code written
// against it uses `URL` and `Data` without importing Foundation. `import ContentTypes` brings
// FoundationEssentials — `URL`, `Data`, `Date`, `UUID`, the JSON and property-list coders — which
// keeps this module, and TransferKit that re-exports it, from linking the rest of Foundation and
// its ICU data (the product linkage tests hold it to that). Code that also uses Foundation's classes
// (`NSString`, `NSItemProvider`, `Progress`) imports `TransferKitFoundation`, which brings them.
#if canImport(FoundationEssentials)
    @_exported public import FoundationEssentials
#else
    @_exported public import Foundation
#endif
