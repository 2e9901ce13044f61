import Foundation
import Testing

/// The object files are ELF, with autolink sections, on Linux (and the other ELF platforms).
#if os(Linux) || os(FreeBSD) || os(Android)
    let objectFilesAreELF = true
#else
    let objectFilesAreELF = false
#endif

/// Which Foundation libraries each library product links, read from what the compiler asked the
/// linker for: the `-l` entries the object files carry (their `.swift1_autolink_entries` section on
/// ELF), for every module in the product.
///
/// The codecs, the type tree and TransferKit need only FoundationEssentials; full Foundation (and
/// FoundationNetworking, for `URLSession` and `URLProtocol`) is linked by the testing kit and by
/// link previews. A new `import Foundation` where FoundationEssentials would do fails here. (The
/// compiler asks for a module's libraries in every one of its object files, so this is checked by
/// module, not by file.)
@Suite("Foundation linkage of each product", .enabled(if: objectFilesAreELF))
struct FoundationLinkageTests {
    /// The Swift modules each library product is made of.
    static let products: [String: [String]] = [
        "TransferCodecs": ["TransferCodecs", "TransferSupport"],
        "ContentTypes": ["ContentTypes", "TransferCodecs", "TransferSupport"],
        "TransferKit": ["TransferKit", "ContentTypes", "TransferCodecs", "TransferSupport"],
        "TransferKitTesting": [
            "TransferKitTesting", "TransferKit", "ContentTypes", "TransferCodecs", "TransferSupport",
        ],
        "TransferKitFoundation": [
            "TransferKitFoundation", "TransferKit", "ContentTypes", "TransferCodecs", "TransferSupport",
        ],
        "LinkPreviews": [
            "LinkPreviews", "TransferKitFoundation", "TransferKit", "ContentTypes", "TransferCodecs", "TransferSupport",
        ],
        "TransferClipboard": ["TransferClipboard", "TransferKit", "ContentTypes", "TransferCodecs", "TransferSupport"],
    ]

    /// The Foundation libraries each product may link.
    static let expected: [String: Set<String>] = [
        "TransferCodecs": ["FoundationEssentials"],
        "ContentTypes": ["FoundationEssentials"],
        "TransferKit": ["FoundationEssentials"],
        "TransferKitTesting": [
            "FoundationEssentials", "FoundationInternationalization", "Foundation", "FoundationNetworking",
        ],
        "LinkPreviews": [
            "FoundationEssentials", "FoundationInternationalization", "Foundation", "FoundationNetworking",
        ],
        "TransferKitFoundation": ["FoundationEssentials", "FoundationInternationalization", "Foundation"],
        "TransferClipboard": ["FoundationEssentials"],
    ]

    @Test(arguments: products.keys.sorted())
    func product(_ product: String) throws {
        var linked: Set<String> = []
        for module in try #require(Self.products[product]) {
            for (_, libraries) in try Self.foundationLibraries(ofModule: module) { linked.formUnion(libraries) }
        }
        #expect(linked == Self.expected[product], "\(product) links \(linked.sorted())")
    }

    /// For each object file of a module (by source file), the Foundation libraries it asks for.
    ///
    /// The object files are those of the module's current sources, as the build's output file map
    /// lists them: a renamed source's old object file may still lie in the folder.
    static func foundationLibraries(ofModule module: String) throws -> [String: Set<String>] {
        let map = buildDirectory.appendingPathComponent("\(module).build/output-file-map.json")
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: map)) as? [String: [String: String]])
        var result: [String: Set<String>] = [:]
        for (source, outputs) in entries where source.hasSuffix(".swift") {
            let object = try #require(outputs["object"], "no object file for \(source)")
            result[source] = autolinkedFoundationLibraries(in: try Data(contentsOf: URL(fileURLWithPath: object)))
        }
        #expect(!result.isEmpty, "no sources in \(map.path)")
        return result
    }

    /// The `-lFoundation…` entries in an object file: NUL-terminated strings in its autolink section.
    static func autolinkedFoundationLibraries(in bytes: Data) -> Set<String> {
        let marker = Array("-lFoundation".utf8)
        var found: Set<String> = []
        var index = bytes.startIndex
        while let range = bytes[index...].firstRange(of: marker) {
            var end = range.upperBound
            while end < bytes.endIndex, bytes[end] != 0, end - range.lowerBound < 64 { end += 1 }
            if end < bytes.endIndex, bytes[end] == 0 {
                found.insert(String(decoding: bytes[(range.lowerBound + 2)..<end], as: UTF8.self))
            }
            index = end
        }
        return found
    }

    /// The folder the test executable was built in, which holds each module's `.build` folder.
    static var buildDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }
}
