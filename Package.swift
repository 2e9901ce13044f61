// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "TransferKit",
    // What the code needs of Apple's platforms, argued in Docs/Modules.md ("Platforms"): Mutex and
    // Atomic (Synchronization) and String(validating:as:) come with the Swift 6 runtime. Linux and the
    // other platforms take what the toolchain supports.
    platforms: [.macOS(.v15), .iOS(.v18), .macCatalyst(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ContentTypes", targets: ["ContentTypes"]),
        .library(name: "TransferCodecs", targets: ["TransferCodecs"]),
        .library(name: "TransferKit", targets: ["TransferKit"]),
        .library(name: "TransferKitTesting", targets: ["TransferKitTesting"]),
        .library(name: "TransferKitFoundation", targets: ["TransferKitFoundation"]),
        .library(name: "LinkPreviews", targets: ["LinkPreviews"]),
        .library(name: "TransferClipboard", targets: ["TransferClipboard"]),
        .executable(name: "transfer", targets: ["transfer"]),
        // The models of Apple's "Meet Transferable" sample (Profile, ProfilesArchive, Video) that the
        // `transfer` tool converts, and the deterministic profile generator.
        .library(name: "ProfileModels", targets: ["ProfileModels"]),
    ],
    targets: [
        // General helpers every module uses, no product of its own: UTF-8 validation, characters named
        // in messages, the system calls (EINTR retried, errno in words), I/O errors as CocoaError, and
        // the atomic file (a temporary sibling, written back as it grows, renamed into place).
        .target(name: "TransferSupport", dependencies: ["CTransferKitSystem"]),
        // The type tree reads declaration files (JSON) with the codecs.
        .target(name: "ContentTypes", dependencies: ["TransferCodecs", "TransferSupport"]),
        // System calls Swift cannot import, and libcurl opened at run time (dlopen: no headers, no link).
        .target(name: "CTransferKitSystem", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The codecs (CSV, JSON): Codable coders on the toolchain alone, re-exported by TransferKit.
        .target(name: "TransferCodecs", dependencies: ["TransferSupport"]),
        .target(
            name: "TransferKit",
            dependencies: ["ContentTypes", "TransferCodecs", "TransferSupport", "CTransferKitSystem"]
        ),
        .target(
            name: "TransferKitTesting", dependencies: ["TransferKit", "TransferSupport"],
            // GNU Unifont's glyphs for placeholder images' text (SIL OFL 1.1: Resources/Unifont/LICENSE.txt).
            resources: [.copy("Resources/Unifont")]),
        // TransferKit with full Foundation, and UniformTypeIdentifiers' and CoreTransferable's additions to
        // Foundation's classes (NSString, NSItemProvider, Progress): what Apple's modules bring along.
        .target(name: "TransferKitFoundation", dependencies: ["TransferKit"]),
        // Link previews: LinkMetadata from HTML bytes (an encoding sniffer and tokenizer of its own) and
        // from the network (libcurl driven directly on Linux, URLSession elsewhere; FoundationNetworking in
        // the fetching files only), the cache and the share-sheet flow.
        .target(
            name: "LinkPreviews",
            dependencies: [
                "ContentTypes", "TransferKit", "TransferKitFoundation", "TransferSupport", "CTransferKitSystem",
            ]),
        // The Linux desktop's clipboard for Transferable values: Wayland's data-control and X11's selection
        // protocol spoken over the display's socket, no library.
        .target(name: "TransferClipboard", dependencies: ["TransferKit", "TransferSupport", "CTransferKitSystem"]),
        .target(
            name: "TransferCommandLine",
            dependencies: [
                "ContentTypes", "TransferKit", "TransferSupport", "LinkPreviews", "ProfileModels", "TransferKitTesting",
                "TransferClipboard", "CTransferKitSystem",
            ]),
        .executableTarget(name: "transfer", dependencies: ["TransferCommandLine"]),
        .target(name: "ProfileModels", dependencies: ["TransferKit"]),
        .executableTarget(name: "ProfilesExample", dependencies: ["ProfileModels"], path: "Examples/Profiles/Demo"),
        .executableTarget(name: "ShareSheetExample", dependencies: ["TransferKit"], path: "Examples/ShareSheet"),
        .testTarget(name: "TransferCodecsTests", dependencies: ["TransferCodecs", "TransferKitTesting"]),
        .testTarget(
            name: "ContentTypesTests", dependencies: ["ContentTypes", "TransferKitTesting"],
            resources: [.copy("Resources")]),
        // Resources/ReceiverCorpus: real apps' share declarations, each with its origin and licence.
        .testTarget(
            name: "TransferKitTests", dependencies: ["TransferKit", "TransferKitTesting"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "TransferCommandLineTests",
            dependencies: [
                "TransferCommandLine", "transfer", "ProfileModels", "TransferKitTesting", "TransferKit", "ContentTypes",
                "LinkPreviews", "HTTPTestClient",
            ]),
        .testTarget(name: "TransferKitTestingTests", dependencies: ["TransferKitTesting", "HTTPTestClient"]),
        // A raw HTTP client for the tests of both HTTP servers: not a product, no dependency.
        .target(name: "HTTPTestClient", path: "Tests/HTTPTestClient"),
        // Start an Xvfb of their own and talk to xclip and xsel (Scripts/install-desktop-tools.sh).
        .testTarget(
            name: "TransferClipboardTests",
            dependencies: ["TransferClipboard", "TransferKit", "TransferKitTesting", "transfer", "CTransferKitSystem"],
            // Chromium's pages, read from the source tree (and by Scripts/drag-and-drop-screenshots.sh).
            exclude: ["Pages"]),
        .testTarget(
            name: "LinkPreviewsTests", dependencies: ["LinkPreviews", "TransferKitTesting"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["ProfileModels", "ProfilesExample", "ShareSheetExample", "TransferKitTesting"]),
        // Which Foundation libraries each product links, read from the object files; no dependency, so
        // that it sees the modules as built, not as this target would import them.
        .testTarget(name: "ProductLinkageTests"),
        // Apple's sample code and apps' LinkPresentation code, unchanged but for their imports, in the
        // language mode they were written for.
        .testTarget(
            name: "SwiftFiveModeTests",
            dependencies: ["ContentTypes", "TransferKit", "TransferKitFoundation", "LinkPreviews"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Apps' LinkPresentation code in Swift 6 mode with the compiler's default settings, as an app has
        // them: none of the upcoming features the package's own targets enable.
        .testTarget(name: "LinkPresentationCompatibilityTests", dependencies: ["LinkPreviews"]),
        .testTarget(name: "TransferKitFoundationTests", dependencies: ["TransferKitFoundation"]),
        // Apps' UniformTypeIdentifiers and CoreTransferable code in Swift 6 mode, an app's settings.
        .testTarget(
            name: "AppSourceCompatibilityTests", dependencies: ["ContentTypes", "TransferKit", "TransferKitFoundation"]),
    ]
)

// Upcoming language features, enabled for every target in one place — but the C target, and the
// targets that compile code as apps wrote it for Apple's platforms, with an app's default settings.
let asAppsWriteIt: Set<String> = [
    "CTransferKitSystem", "SwiftFiveModeTests", "LinkPresentationCompatibilityTests", "AppSourceCompatibilityTests",
]
for target in package.targets where !asAppsWriteIt.contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        // SE-0335: `any` is spelled out for existential types.
        .enableUpcomingFeature("ExistentialAny"),
        // SE-0444: a file sees only the members of modules it imports itself.
        .enableUpcomingFeature("MemberImportVisibility"),
        // SE-0409: imports are internal unless written `public import`.
        .enableUpcomingFeature("InternalImportsByDefault"),
        // SE-0461: nonisolated async functions run on the caller's actor.
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ])
    target.swiftSettings = settings
}
