// swift-tools-version: 6.2
// The performance suite. A separate package, so that the peers it measures against never enter the
// root package's dependencies.
import PackageDescription

let package = Package(
    name: "TransferKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "TransferKit", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "TransferBenchmarks",
            dependencies: [
                .product(name: "ContentTypes", package: "TransferKit"),
                .product(name: "TransferKit", package: "TransferKit"),
                .product(name: "ProfileModels", package: "TransferKit"),
            ]
        ),
    ]
)
