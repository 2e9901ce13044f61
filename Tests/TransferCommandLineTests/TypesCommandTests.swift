import ContentTypes
import Foundation
import Testing

@Suite("transfer types")
struct TypesCommandTests {
    @Test func showByBareExtension() async {
        let result = await transfer("types", "show", "png")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("public.png\n"))
        #expect(result.output.contains("description: PNG image"))
        #expect(result.output.contains("extensions:  png"))
        #expect(result.output.contains("MIME types:  image/png"))
        #expect(result.output.contains("parents:     public.image"))
        #expect(result.output.contains("ancestors:   public.content, public.data, public.image, public.item"))
    }

    @Test func showByIdentifierDotExtensionAndMIMEType() async {
        #expect(await transfer("types", "show", "public.jpeg").output.hasPrefix("public.jpeg\n"))
        #expect(await transfer("types", "show", ".JPG").output.hasPrefix("public.jpeg\n"))
        #expect(await transfer("types", "show", "image/jpeg").output.hasPrefix("public.jpeg\n"))
        let dynamic = await transfer("types", "show", ".nfo")
        #expect(dynamic.output.hasPrefix("dyn.ah62d4rv4ge8063xt\n"))
        #expect(dynamic.output.contains("status:      dynamic"))
    }

    @Test func showListsDirectSubtypes() async {
        let result = await transfer("types", "show", "public.image")
        let subtypes = result.output.split(separator: "\n").first { $0.contains("subtypes:") } ?? ""
        #expect(subtypes.contains("public.png"))
        #expect(subtypes.contains("public.jpeg"))
        #expect(!subtypes.contains("public.image,"))
    }

    @Test func unknownTypeIsBadData() async {
        let result = await transfer("types", "show", "com.example.nothing")
        #expect(result.status == 65)
        #expect(result.error.contains("unknown type 'com.example.nothing'"))
        // An identifier, as an app declares one in code: the hint names the way to declare it here.
        #expect(result.error.contains("--declarations FILE (the app's Info.plist, or the same structure as JSON)"))
        #expect(result.output.isEmpty)
        let word = await transfer("types", "show", "nothing")
        #expect(word.status == 65)
        #expect(!word.error.contains("--declarations"), "\(word.error)")
    }

    @Test func listTSVHasTheWholeTreeInFourColumns() async {
        let result = await transfer("types", "list", "--format", "tsv")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // Other tests may register types while this one runs: the listing holds at least the
        // built-in tree and at most what is declared afterwards.
        #expect(lines.count >= 700)
        #expect(lines.count <= UTType.declaredTypes.count)
        for line in lines {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 4, "\(line)")
        }
        #expect(lines.contains("public.jpeg\tpublic.image\tjpeg,jpg,jpe\timage/jpeg,image/jpg"))
        #expect(lines.contains("public.item\t\t\t"))
        #expect(
            lines.contains(
                "public.vcard\tpublic.text,public.contact\tvcf,vcard\ttext/vcard,text/directory,text/x-vcard"))
    }

    @Test func listConformingToFilters() async {
        let result = await transfer("types", "list", "--format", "tsv", "--conforming-to", "public.image")
        let identifiers = result.output.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(identifiers.contains("public.png"))
        #expect(identifiers.contains("public.image"))
        #expect(!identifiers.contains("public.plain-text"))
        #expect(identifiers.allSatisfy { UTType(String($0))?.conforms(to: .image) == true })
    }

    @Test func listJSONDecodes() async throws {
        struct Entry: Decodable {
            let identifier: String; let parents: [String]; let extensions: [String]; let mimeTypes: [String]
        }
        let result = await transfer("types", "list", "--format", "json", "--conforming-to", "public.text")
        let entries = try JSONDecoder().decode([Entry].self, from: Data(result.output.utf8))
        let html = try #require(entries.first { $0.identifier == "public.html" })
        #expect(html.parents == ["public.text"])
        #expect(html.extensions.first == "html")
        #expect(html.mimeTypes == ["text/html"])
    }

    @Test func listTableEndsWithACount() async {
        let result = await transfer("types", "list")
        let lines = result.output.split(separator: "\n")
        let count = Int(lines.last?.split(separator: " ").first ?? "") ?? 0
        #expect(lines.last?.hasSuffix(" types") == true)
        #expect(count == lines.count - 2)  // the header and the count line
        #expect(count >= 700)
    }

    @Test func treeIndentsChildren() async {
        let result = await transfer("types", "tree", "public.audiovisual-content")
        let lines = result.output.split(separator: "\n")
        #expect(lines.first == "public.audiovisual-content")
        #expect(lines.contains("  public.movie"))
        #expect(lines.contains("    public.mpeg-4"))
        #expect(lines.contains("      public.mpeg-4-audio"))
    }

    @Test func treeAsDOT() async {
        let result = await transfer("types", "tree", "public.movie", "--format", "dot")
        #expect(result.output.hasPrefix("digraph conformance {"))
        #expect(result.output.contains(#""public.mpeg-4" -> "public.movie";"#))
        #expect(!result.output.contains(#""public.image""#))
        #expect(result.output.hasSuffix("}\n"))
    }

    @Test func lookupListsEveryMatchPreferredFirst() async {
        let mp4 = await transfer("types", "lookup", "--extension", "mp4")
        #expect(
            mp4.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
                "public.mpeg-4", "public.mpeg-4-audio",
            ])
        let audio = await transfer("types", "lookup", "--extension", "mp4", "--conforming-to", "public.audio")
        #expect(audio.output.hasPrefix("public.mpeg-4-audio\t"))
        let mime = await transfer("types", "lookup", "--mime", "text/csv")
        #expect(mime.output.hasPrefix("public.comma-separated-values-text\t"))
        let unknown = await transfer("types", "lookup", "--extension", "nfo")
        #expect(unknown.output.hasPrefix("dyn.ah62d4rv4ge8063xt\t(dynamic"))
    }

    @Test func usageErrors() async {
        #expect(await transfer("types").status == 64)
        #expect(await transfer("types", "frobnicate").status == 64)
        #expect(await transfer("types", "list", "--format", "xml").status == 64)
        #expect(await transfer("types", "list", "--bogus").status == 64)
        #expect(await transfer("types", "show").status == 64)
        #expect(await transfer("types", "lookup").status == 64)
        #expect(await transfer("types", "lookup", "--extension", "a", "--mime", "b/c").status == 64)
        #expect(await transfer("nope").status == 64)
        let result = await transfer("types", "list", "--format", "xml")
        #expect(result.error.contains("--format expects one of table, tsv, json, found 'xml'"))
    }

    @Test(arguments: [
        ["--help"], ["types", "--help"], ["types", "list", "--help"], ["types", "show", "--help"],
        ["types", "tree", "--help"], ["types", "lookup", "-h"],
    ])
    func everyCommandHasHelp(_ arguments: [String]) async {
        let result = await transfer(arguments)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("USAGE: transfer"))
    }

    @Test func declarationsAreLoadedFirst() async throws {
        let domain = "com.example.cli\(UInt32.random(in: 0...UInt32.max))"
        let json = """
            {"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "\(domain).note", "UTTypeConformsTo": ["public.plain-text"],
             "UTTypeTagSpecification": {"public.filename-extension": ["\(domain.suffix(6))note"]}}]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(domain).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = await transfer("types", "show", ".\(domain.suffix(6))note", "--declarations", url.path)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("\(domain).note\n"))
        #expect(result.output.contains("public.text"))
    }

    @Test func badDeclarationsAreReported() async throws {
        let domain = "com.example.clibad\(UInt32.random(in: 0...UInt32.max))"
        let json = """
            {"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "\(domain).x", "UTTypeConformsTo": ["\(domain).missing"]},
                                            {"UTTypeConformsTo": ["public.data"]}]}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(domain).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = await transfer("types", "list", "--declarations", url.path)
        #expect(result.status == 65)
        #expect(
            result.error.contains(
                #"UTExportedTypeDeclarations[1]: missing "UTTypeIdentifier" in UTExportedTypeDeclarations[1] (line 2, column 33)"#
            ))
        #expect(result.error.contains("\(domain).x: conforms to \(domain).missing, which is not declared"))
        let missing = await transfer("types", "list", "--declarations", "/nonexistent/decl.plist")
        #expect(missing.status == 66)
    }
}

@Suite("transfer executable")
struct ExecutableTests {
    @Test func readmeMainCommandWorks() async throws {
        let result = try await transferExecutable(["types", "show", "png"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("public.png\n"))
    }

    @Test func exitStatusesReachTheShell() async throws {
        #expect(try await transferExecutable(["types", "show", "com.example.none"]).status == 65)
        #expect(try await transferExecutable(["types", "list", "--nope"]).status == 64)
        #expect(try await transferExecutable(["types", "list", "--declarations", "/nonexistent"]).status == 66)
    }

    @Test func tsvListingIsComplete() async throws {
        // The executable knows the built-in tree and the type LinkPreviews declares; this process may
        // also hold types other tests registered, which come after the built-in ones.
        let lines = try await transferExecutable(["types", "list", "--format", "tsv"]).output.split(separator: "\n")
        let inProcess = await transfer("types", "list", "--format", "tsv").output.split(separator: "\n")
        let builtIn = lines.filter { !$0.hasPrefix("org.transferkit.link-metadata\t") }
        #expect(lines.count == builtIn.count + 1)
        #expect(builtIn.count >= 700)
        #expect(builtIn == Array(inProcess.prefix(builtIn.count)))
    }

    @Test("types show and types lookup give JSON too")
    func showAndLookupAsJSON() async throws {
        let shown = await transfer("types", "show", ".png", "--format", "json")
        #expect(shown.status == 0, "\(shown.error)")
        let object = try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any]
        #expect(object?["identifier"] as? String == "public.png")
        #expect(object?["ancestors"] as? [String] == ["public.content", "public.data", "public.image", "public.item"])
        #expect(object?["mimeTypes"] as? [String] == ["image/png"])
        #expect(shown.output.hasSuffix("}\n"))
        let found = await transfer("types", "lookup", "--extension", "mp4", "--format", "json")
        let list = try JSONSerialization.jsonObject(with: Data(found.output.utf8)) as? [[String: Any]]
        #expect(list?.prefix(2).map { $0["identifier"] as? String } == ["public.mpeg-4", "public.mpeg-4-audio"])
        #expect(list?.first?["rank"] as? Int == 0)
    }
}
