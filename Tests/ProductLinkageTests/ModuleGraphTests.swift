import Foundation
import Testing

/// The repository's root, found from this file's location.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The dependencies between the package's own modules (`Sources/`), as `Package.swift` declares them:
/// `module → dependency` for every `.target` and `.executableTarget` without a `path:` outside
/// `Sources/`.
func declaredModuleGraph(_ manifest: String) -> Set<String> {
    var edges: Set<String> = []
    var rest = Substring(manifest)
    while let start = rest.firstRange(of: /\.(target|executableTarget)\(/) {
        // The call's text, up to its closing parenthesis.
        var depth = 0
        var end = start.upperBound
        var index = rest.index(before: start.upperBound)
        while index < rest.endIndex {
            if rest[index] == "(" { depth += 1 }
            if rest[index] == ")" {
                depth -= 1
                if depth == 0 {
                    end = rest.index(after: index)
                    break
                }
            }
            index = rest.index(after: index)
        }
        let call = rest[start.lowerBound..<end]
        rest = rest[end...]
        guard let name = call.firstMatch(of: /name: "([^"]+)"/)?.1, !call.contains("path:") else { continue }
        guard let list = call.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 else { continue }
        for dependency in list.matches(of: /"([^"]+)"/) { edges.insert("\(name) --> \(dependency.1)") }
    }
    return edges
}

/// The edges of the `mermaid` graph in `Docs/Modules.md`.
func documentedModuleGraph(_ document: String) -> Set<String> {
    guard let block = document.firstMatch(of: /```mermaid\n([\s\S]*?)```/)?.1 else { return [] }
    return Set(
        block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("-->") })
}

@Suite("Docs/Modules.md draws the package's module graph")
struct ModuleGraphTests {
    @Test("the documented graph is the one Package.swift declares, edge for edge")
    func graphMatchesTheManifest() throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let document = try String(contentsOf: root.appendingPathComponent("Docs/Modules.md"), encoding: .utf8)
        let declared = declaredModuleGraph(manifest)
        let documented = documentedModuleGraph(document)
        #expect(declared.count >= 15, "the manifest's targets were read: \(declared.sorted())")
        #expect(documented.subtracting(declared).sorted() == [], "documented, not declared")
        #expect(declared.subtracting(documented).sorted() == [], "declared, not documented")
    }

    @Test("the reader finds a dependency added, removed or drawn wrong")
    func theCheckCanFail() {
        let manifest = #"""
            .target(name: "A", dependencies: ["B"]),
            .target(name: "B"),
            .executableTarget(name: "Example", dependencies: ["A"], path: "Examples/E"),
            .testTarget(name: "ATests", dependencies: ["A"]),
            """#
        #expect(declaredModuleGraph(manifest) == ["A --> B"])
        let document = "```mermaid\ngraph BT\n  A --> B\n  B --> C\n```\n"
        #expect(documentedModuleGraph(document) == ["A --> B", "B --> C"])
    }
}
