// swift-tools-version: 6.2
// The performance suite. A separate package, so that the peers it measures against never enter the
// root package's dependencies.
import PackageDescription

let package = Package(
    name: "TransferKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "TransferKit", path: ".."),
        // The peers the CSV codec is measured against, at the versions the project names.
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "TransferBenchmarks",
            dependencies: [
                .product(name: "ContentTypes", package: "TransferKit"),
                .product(name: "TransferKit", package: "TransferKit"),
                .product(name: "LinkPreviews", package: "TransferKit"),
                .product(name: "TransferKitTesting", package: "TransferKit"),
                .product(name: "ProfileModels", package: "TransferKit"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ]
        )
    ]
)
