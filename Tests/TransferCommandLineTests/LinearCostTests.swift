import Foundation
import Testing

/// How the cost of `run` grows from `size` to ten times `size`: the ratio of the shortest times of
/// three runs each (other tests running beside only ever add time), less the shortest time of a run
/// of size 1 (the fixed cost). A
/// linear cost gives about 10, a quadratic one about 100; the caller allows a generous factor for a
/// noisy machine. `run` gets the size and a number unique to the run, for inputs that must not
/// collide.
func costRatio(_ size: Int, _ run: (_ size: Int, _ run: Int) async throws -> Void) async rethrows -> Double {
    var number = 0
    func shortest(_ size: Int) async throws -> Duration {
        var times: [Duration] = []
        for _ in 0..<3 {
            number += 1
            let start = ContinuousClock.now
            try await run(size, number)
            times.append(ContinuousClock.now - start)
        }
        return times.min() ?? .zero
    }
    let fixed = try await shortest(1)
    let small = try await shortest(size) - fixed
    let large = try await shortest(size * 10) - fixed
    return small > .zero ? large / small : .infinity
}

/// Small inputs with shapes that make careless algorithms explode: long conformance chains given
/// backwards, lattices whose paths multiply, thousands of declarations sharing a tag, thousands of
/// offers. Each must answer correctly. Where the work runs in process (negotiation), its cost must
/// also grow linearly: ten times the input, at most thirty times the time (a quadratic algorithm
/// takes a hundred). The declaration cases run the tool in a process of their own (the types they
/// register would be seen by other tests), whose start-up (0.4 s in a debug build) drowns the
/// difference under a loaded test run; they are bounded by finishing. Absolute speed is measured in
/// `Benchmarks/`, not here.
@Suite("transfer: costs linear in the input")
struct LinearCostTests {
    private func declarationFile(_ entries: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("declarations-\(UUID()).json")
        try Data((#"{"UTExportedTypeDeclarations": ["# + entries.joined(separator: ",") + "]}").utf8).write(to: url)
        return url
    }

    private func entry(_ identifier: String, parents: [String], extensions: [String] = []) -> String {
        let tags =
            extensions.isEmpty
            ? ""
            : #", "UTTypeTagSpecification": {"public.filename-extension": ["#
                + extensions.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
        return #"{"UTTypeIdentifier": "\#(identifier)", "UTTypeConformsTo": ["#
            + parents.map { "\"\($0)\"" }.joined(separator: ",") + "]" + tags + "}"
    }

    @Test("a conformance chain of 20,000 types, declared child first, loads and answers")
    func longChainDeclaredBackwards() async throws {
        let count = 20_000
        let chain = (0..<count).reversed().map { index in
            entry("com.example.c\(index)", parents: [index == 0 ? "public.data" : "com.example.c\(index - 1)"])
        }
        let file = try declarationFile(chain)
        defer { try? FileManager.default.removeItem(at: file) }

        let below = try await transferExecutable([
            "types", "list", "--conforming-to", "com.example.c0", "--format", "tsv", "--declarations", file.path,
        ])
        #expect(below.status == 0, "\(below.error)")
        #expect(below.output.split(separator: "\n").count == count)
        let middle = try await transferExecutable([
            "types", "list", "--conforming-to", "com.example.c15000", "--format", "tsv", "--declarations", file.path,
        ])
        #expect(middle.output.split(separator: "\n").count == count - 15_000)

        let deepest = try await transferExecutable([
            "types", "show", "com.example.c\(count - 1)", "--declarations", file.path,
        ])
        #expect(deepest.status == 0, "\(deepest.error)")
        #expect(deepest.output.contains("parents:     com.example.c\(count - 2)"))
        #expect(deepest.output.contains("com.example.c0, com.example.c1, com.example.c10, "))
        #expect(deepest.output.contains("public.data, public.item"))
    }

    @Test("types tree prints a lattice once, marking types it reached again")
    func latticeTreeIsNotExpanded() async throws {
        // 40 levels of two types, each conforming to both types of the level above: 2^40 paths.
        var entries: [String] = []
        for level in 0..<40 {
            for side in ["a", "b"] {
                let parents =
                    level == 0 ? ["public.data"] : ["com.example.l\(level - 1)a", "com.example.l\(level - 1)b"]
                entries.append(entry("com.example.l\(level)\(side)", parents: parents))
            }
        }
        let file = try declarationFile(entries)
        defer { try? FileManager.default.removeItem(at: file) }

        let tree = try await transferExecutable(["types", "tree", "com.example.l0a", "--declarations", file.path])
        #expect(tree.status == 0, "\(tree.error)")
        let lines = tree.output.split(separator: "\n")
        // Every type once in full; a second parent's edge is one marked line.
        #expect(lines.count < 200, "\(lines.count) lines")
        #expect(lines.filter { !$0.hasSuffix("(*)") && $0.contains("com.example.") }.count == 79)
        #expect(lines.contains { $0.hasSuffix("com.example.l39b (*)") || $0.hasSuffix("com.example.l39a (*)") })
        #expect(lines.last == "(*) listed above, with its subtypes")
        // The deepest levels keep a bounded indentation and say their level.
        #expect(lines.contains { $0.hasPrefix(String(repeating: "  ", count: 32) + "[39] com.example.l39") })

        let dot = try await transferExecutable([
            "types", "tree", "com.example.l0a", "--format", "dot", "--declarations", file.path,
        ])
        let arrows: Int = dot.output.split(separator: "\n").filter { $0.contains("->") }.count
        #expect(arrows == 2 + 38 * 4)
    }

    @Test("10,000 declarations sharing one extension load, the most general first")
    func manyDeclarationsShareATag() async throws {
        var entries = [entry("com.example.shared0", parents: ["public.data"], extensions: ["shared"])]
        entries += (1..<10_000).map {
            entry("com.example.shared\($0)", parents: ["com.example.shared0"], extensions: ["shared"])
        }
        let file = try declarationFile(entries)
        defer { try? FileManager.default.removeItem(at: file) }

        let lookup = try await transferExecutable([
            "types", "lookup", "--extension", "shared", "--declarations", file.path,
        ])
        #expect(lookup.status == 0, "\(lookup.error)")
        let identifiers = lookup.output.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(identifiers.count == 10_000)
        #expect(identifiers.first == "com.example.shared0")
        #expect(identifiers[1] == "com.example.shared1")
        #expect(identifiers.last == "com.example.shared9999")
    }

    @Test("20,000 offers negotiate, each its item's next representation")
    func manyOffers() async throws {
        let types = ["public.png", "public.jpeg", "public.plain-text", "public.url"]
        let offers = (0..<20_000).flatMap { ["--offer", types[$0 % types.count]] }
        let result = try await transferExecutable(
            ["negotiate", "--accept", "image/jpeg, text/*;q=0.5", "--format", "json"] + offers)
        #expect(result.status == 0, "\(result.error)")
        let plan = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let items = plan?["items"] as? [[String: Any]]
        #expect(items?.count == 1)
        let delivered = (items?.first?["delivered"] as? [String: Any])?["offer"] as? [String: Any]
        #expect(delivered?["contentType"] as? String == "public.jpeg", "\(String(describing: delivered))")
        // Every JPEG and plain-text offer, in each of its three forms, is a candidate.
        #expect((items?.first?["candidates"] as? [Any])?.count == 2 * 5_000 * 3)

        let ratio = await costRatio(2_000) { size, _ in
            let offers = (0..<size).flatMap { ["--offer", types[$0 % types.count]] }
            let negotiated = await transfer(
                ["negotiate", "--accept", "image/jpeg, text/*;q=0.5", "--format", "json"] + offers)
            #expect(negotiated.status == 0)
        }
        #expect(ratio < 30, "10× the offers took \(ratio)× the time")
    }

    @Test("an activation predicate of 5,000 comparisons and a manifest of 20,000 MIME types import")
    func largeReceiverDeclarations() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("receivers-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // Each comparison in its own subquery with a count; the last type is the PNG offered.
        let clauses =
            (0..<5_000).map { index in
                #"SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.example.t\#(index)").@count <= 2"#
            } + [
                #"SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.png").@count <= 3"#
            ]
        let predicate = "SUBQUERY(extensionItems, $e, " + clauses.joined(separator: " OR ") + ").@count == 1"
        let plist = directory.appendingPathComponent("Info.plist")
        try Data(
            (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><string>"#
                + predicate.replacingOccurrences(of: "<", with: "&lt;") + "</string></dict></dict></dict></plist>").utf8
        ).write(to: plist)
        let extensionResult = try await transferExecutable([
            "negotiate", "--receiver", plist.path, "--offer", "public.png", "--format", "json",
        ])
        #expect(extensionResult.status == 0, "\(extensionResult.error)")
        #expect(extensionResult.output.contains(#""offered" : true"#))

        let filters = (0..<20_000).map { #"<data android:mimeType="application/x-t\#($0)"/>"# }.joined()
        let manifest = directory.appendingPathComponent("AndroidManifest.xml")
        try Data(
            (#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example"><application><activity android:name=".Share"><intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/>"#
                + filters + #"<data android:mimeType="image/*"/></intent-filter></activity></application></manifest>"#)
                .utf8
        ).write(to: manifest)
        let android = try await transferExecutable(["negotiate", "--receiver", manifest.path, "--offer", "public.png"])
        #expect(android.status == 0, "\(android.error)")
        #expect(android.output.contains("delivered as public.png"), "\(android.output.prefix(300))")
    }
}
