// `import UniformTypeIdentifiers` and `import CoreTransferable` bring Foundation with them on
// Apple's platforms, so code written against them uses `NSString`, `NSItemProvider` and `Progress`
// without importing Foundation. `ContentTypes` and `TransferKit` bring only FoundationEssentials
// (`URL`, `Data`, `Date`, `UUID`, the coders), so that a server or tool that uses them does not link
// the rest of Foundation and its ICU data; this module is where the rest comes along — full
// Foundation, TransferKit, and UniformTypeIdentifiers' and CoreTransferable's additions to
// Foundation's classes.
@_exported public import Foundation
@_exported public import TransferKit
