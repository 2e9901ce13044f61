// swift-tools-version: 6.2
// Fuzz targets for the parsers that read untrusted bytes, run with libFuzzer (`Scripts/fuzz.sh`).
// A separate package, like Benchmarks/: the root package never builds it.
import PackageDescription

let package = Package(
    name: "TransferKitFuzz",
    dependencies: [
        .package(name: "TransferKit", path: "..")
    ],
    targets: [
        .executableTarget(name: "FuzzCSV", dependencies: [.product(name: "TransferKit", package: "TransferKit")]),
        .executableTarget(name: "FuzzRTF", dependencies: [.product(name: "TransferKit", package: "TransferKit")]),
        .executableTarget(
            name: "FuzzDeclarations", dependencies: [.product(name: "TransferKit", package: "TransferKit")]),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [
                .product(name: "TransferKit", package: "TransferKit"),
                .product(name: "ProfileModels", package: "TransferKit"),
            ]),
        .executableTarget(
            name: "FuzzLinkPreviews", dependencies: [.product(name: "LinkPreviews", package: "TransferKit")]),
        .executableTarget(
            name: "FuzzPlaceholders", dependencies: [.product(name: "TransferKitTesting", package: "TransferKit")]),
        // Imports TransferClipboard's internal codecs (`@testable`): Scripts/fuzz.sh builds it with
        // -enable-testing.
        .executableTarget(
            name: "FuzzClipboard", dependencies: [.product(name: "TransferClipboard", package: "TransferKit")]),
    ]
)
