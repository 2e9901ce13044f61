import Foundation
import Testing

/// Every Swift example in the README, `Docs/` and the DocC catalogs compiles against the modules
/// as built: a renamed API or a changed signature fails here, not in a reader's editor.
///
/// A document's `swift` blocks are compiled together, in order, as one program (`main.swift`), so
/// that a later example may use what an earlier one declared. Three comments, which GitHub and DocC
/// do not show, say what the prose assumes:
///
/// - `<!-- swift-snippet-context … -->`: code placed there in the program (imports, the values the
///   prose calls `photo` or `url`), not shown;
/// - `<!-- swift-snippet: new program -->`: the blocks after it are a program of their own (another
///   version of a declaration above);
/// - `<!-- swift-snippet: skip, <why> -->`: the next block is not compiled.
///
/// A block that starts with `// swift-tools-version:` is a package manifest, compiled alone
/// against `PackageDescription`.
@Suite("The documentation's Swift examples compile")
struct DocumentationSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents with Swift examples, relative to the package's root.
    static let documents: [String] = {
        let manager = FileManager.default
        var found = ["README.md"]
        for folder in ["Docs", "Sources"] {
            guard let files = manager.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            for case let file as String in files where file.hasSuffix(".md") {
                let path = "\(folder)/\(file)"
                guard folder == "Docs" || path.contains(".docc/") else { continue }
                found.append(path)
            }
        }
        return found.filter { path in
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))?.contains("```swift") == true
        }.sorted()
    }()

    @Test("a document's examples type-check", arguments: documents)
    func examplesCompile(_ document: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let programs = try SnippetProgram.programs(in: text)
        for program in programs {
            let failures = try Self.typeCheck(program)
            if !failures.isEmpty { Issue.record("\(document):\n\(failures.joined(separator: "\n"))") }
        }
    }

    @Test("the reader of examples: blocks, context, new programs, skips and manifests")
    func theReader() throws {
        let text = """
            Prose.

            <!-- swift-snippet-context
            let photo = 1
            -->

            ```swift
            print(photo)
            ```

            <!-- swift-snippet: skip, a sketch -->
            ```swift
            not Swift
            ```

            ```swift
            // swift-tools-version: 6.0
            import PackageDescription
            ```

            <!-- swift-snippet: new program -->
            ```swift
            let photo = 2
            ```
            """
        let programs = try SnippetProgram.programs(in: text)
        // A manifest is a program of its own, listed as it is met.
        #expect(programs.map(\.kind) == [.manifest(version: "6.0"), .program, .program])
        #expect(programs[0].source == "// swift-tools-version: 6.0\nimport PackageDescription\n")
        #expect(programs[1].source == "let photo = 1\nprint(photo)\n")
        // Line 1 of the program is line 4 of the text; line 2, line 8.
        #expect(programs[1].lines == [4, 8])
        #expect(programs[2].source == "let photo = 2\n")
        #expect(throws: SnippetProgram.ReadingError.self) {
            try SnippetProgram.programs(in: "<!-- swift-snippet: sometimes -->\n")
        }
        #expect(throws: SnippetProgram.ReadingError.self) {
            try SnippetProgram.programs(in: "```swift\nprint(1)\n")
        }
    }

    /// The errors `swiftc -typecheck` reports for `program`, each at its document's line.
    static func typeCheck(_ program: SnippetProgram) throws -> [String] {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard let compiler = executable(named: "swiftc") else {
            return ["swiftc is not on PATH: the toolchain that built the tests has it"]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file: URL
        var arguments = ["-typecheck"]
        switch program.kind {
        case .program:
            file = folder.appendingPathComponent("main.swift")
            arguments += ["-I", products.appendingPathComponent("Modules").path]
            // The C module the package's modules import, as SwiftPM describes it.
            let map = products.appendingPathComponent("CTransferKitSystem.build/module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) {
                arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
            }
        case .manifest(let version):
            file = folder.appendingPathComponent("Package.swift")
            let manifestAPI = compiler.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib/swift/pm/ManifestAPI")
            arguments += ["-I", manifestAPI.path, "-package-description-version", version]
        }
        try program.source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = compiler
        process.arguments = arguments + [file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let failures = output.split(separator: "\n").compactMap { line -> String? in
            // "/tmp/…/main.swift:12:5: error: …", at the document's line instead.
            guard line.hasPrefix(file.path + ":"), line.contains(": error: ") else { return nil }
            let rest = line.dropFirst(file.path.count + 1)
            guard let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) else { return String(line) }
            let documentLine = number - 1 < program.lines.count ? program.lines[number - 1] : 0
            return "line \(documentLine)\(rest[colon...])"
        }
        if failures.isEmpty, process.terminationStatus != 0 {
            return ["swiftc exited with \(process.terminationStatus):\n\(output)"]
        }
        return failures
    }

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// One program made of a document's examples: its source, and the document's line for each of
/// its lines.
struct SnippetProgram: Equatable {
    enum Kind: Equatable {
        case program
        case manifest(version: String)
    }

    struct ReadingError: Error, CustomStringConvertible {
        let description: String
    }

    var kind: Kind
    var source = ""
    var lines: [Int] = []

    mutating func append(_ line: Substring, at number: Int) {
        source += line + "\n"
        lines.append(number)
    }

    /// The programs in a Markdown document, in order.
    static func programs(in text: String) throws(ReadingError) -> [SnippetProgram] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var programs: [SnippetProgram] = []
        var current = SnippetProgram(kind: .program)
        var skipNext = false
        var index = 0
        func endProgram() {
            if !current.lines.isEmpty { programs.append(current) }
            current = SnippetProgram(kind: .program)
        }
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<!-- swift-snippet-context") {
                index += 1
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "-->" {
                    current.append(lines[index], at: index + 1)
                    index += 1
                }
                guard index < lines.count else {
                    throw ReadingError(description: "a swift-snippet-context comment that does not end")
                }
            } else if line.hasPrefix("<!-- swift-snippet:") {
                let directive = line.dropFirst("<!-- swift-snippet:".count).trimmingCharacters(in: .whitespaces)
                if directive.hasPrefix("new program") {
                    endProgram()
                } else if directive.hasPrefix("skip") {
                    skipNext = true
                } else {
                    throw ReadingError(
                        description:
                            "line \(index + 1): expected 'new program' or 'skip, <why>' after swift-snippet:, found \(directive)"
                    )
                }
            } else if line == "```swift" {
                let indent = lines[index].prefix { $0 == " " }.count
                var block: [(Substring, Int)] = []
                index += 1
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                    let margin = min(indent, lines[index].prefix { $0 == " " }.count)
                    block.append((lines[index].dropFirst(margin), index + 1))
                    index += 1
                }
                guard index < lines.count else {
                    throw ReadingError(description: "a swift block that does not end")
                }
                if skipNext {
                    skipNext = false
                } else if let first = block.first?.0, first.hasPrefix("// swift-tools-version:") {
                    let version = first.dropFirst("// swift-tools-version:".count).trimmingCharacters(in: .whitespaces)
                    var manifest = SnippetProgram(kind: .manifest(version: version))
                    for (text, number) in block { manifest.append(text, at: number) }
                    programs.append(manifest)
                } else {
                    for (text, number) in block { current.append(text, at: number) }
                }
            }
            index += 1
        }
        endProgram()
        return programs
    }
}
