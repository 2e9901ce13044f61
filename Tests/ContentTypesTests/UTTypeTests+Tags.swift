import ContentTypes
import Testing

@Suite("Tags and lookups")
struct TagTests {
    @Test func identifiersCompareIgnoringCase() {
        #expect(UTType("PUBLIC.PNG") == .png)
        #expect(UTType("Public.Png").map { $0.hashValue } == UTType.png.hashValue)
        #expect(Set([UTType.png, UTType("PUBLIC.PNG")!]).count == 1)
    }

    @Test func tagsCompareIgnoringCase() {
        #expect(UTType(filenameExtension: "PNG") == .png)
        #expect(UTType(filenameExtension: "Jpg") == .jpeg)
        #expect(UTType(mimeType: "IMAGE/PNG") == .png)
        #expect(UTType(mimeType: "text/plain; charset=UTF-8") == .utf8PlainText)
    }

    @Test func firstTagIsPreferred() {
        #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
        #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
        #expect(UTType.html.preferredFilenameExtension == "html")
        #expect(UTType.mp3.preferredMIMEType == "audio/mpeg")
    }

    @Test func mp4GivesTheMovieTypeAsItIsTheMoreGeneral() {
        #expect(UTType(filenameExtension: "mp4") == .mpeg4Movie)
        #expect(
            UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: nil).prefix(2) == [
                .mpeg4Movie, .mpeg4Audio,
            ])
        #expect(UTType(filenameExtension: "mp4", conformingTo: .audio) == .mpeg4Audio)
    }

    @Test func theLegacyExcelMIMETypeGivesTheWorkbookAsOnApplePlatforms() {
        // xls, xlt and xlw share it; the workbook is declared first and no deeper than the others.
        #expect(UTType(mimeType: "application/vnd.ms-excel")?.identifier == "com.microsoft.excel.xls")
        #expect(UTType(mimeType: "application/msexcel")?.identifier == "com.microsoft.excel.xls")
    }

    @Test func plistGivesThePropertyListSupertype() {
        #expect(UTType(filenameExtension: "plist") == .propertyList)
        let all = UTType.types(tag: "plist", tagClass: .filenameExtension, conformingTo: nil)
        #expect(all.first == .propertyList)
        #expect(all.contains(.xmlPropertyList))
        #expect(all.contains(.binaryPropertyList))
        #expect(UTType(filenameExtension: "plist", conformingTo: .xml) == .xmlPropertyList)
    }

    @Test func publicBeatsNonPublicAndExportedBeatsImported() throws {
        let tag = "tkpref\(UInt32.random(in: 0...UInt32.max))"
        try UTType.register([
            UTTypeDeclaration(
                identifier: "com.example.\(tag).imported", kind: .imported, conformsTo: ["public.data"],
                tags: [.filenameExtension: [tag]]),
            UTTypeDeclaration(
                identifier: "com.example.\(tag).exported", kind: .exported, conformsTo: ["public.data"],
                tags: [.filenameExtension: [tag]]),
        ])
        #expect(UTType(filenameExtension: tag)?.identifier == "com.example.\(tag).exported")
        try UTType.register([
            UTTypeDeclaration(
                identifier: "public.\(tag)", kind: .imported, conformsTo: ["public.data"],
                tags: [.filenameExtension: [tag]])
        ])
        #expect(UTType(filenameExtension: tag)?.identifier == "public.\(tag)")
        #expect(
            UTType.types(tag: tag, tagClass: .filenameExtension, conformingTo: .data).map(\.identifier) == [
                "public.\(tag)", "com.example.\(tag).exported", "com.example.\(tag).imported",
            ]
        )
    }

    @Test func registeredTypesRankWithBuiltInOnes() throws {
        // A registered public type with the built-in tag "png" ranks after public.png: same
        // publicness and kind, more ancestors.
        try UTType.register([
            UTTypeDeclaration(
                identifier: "public.png-variant-\(UInt32.random(in: 0...UInt32.max))", conformsTo: ["public.png"],
                tags: [.filenameExtension: ["png"]])
        ])
        #expect(UTType(filenameExtension: "png") == .png)
        #expect(UTType.types(tag: "png", tagClass: .filenameExtension, conformingTo: nil).first == .png)
    }

    @Test func conformingToFiltersCandidates() {
        #expect(UTType(filenameExtension: "png", conformingTo: .image) == .png)
        let notText = UTType(filenameExtension: "png", conformingTo: .text)
        #expect(notText?.isDynamic == true)
        #expect(notText?.conforms(to: .text) == true)
        #expect(UTType.types(tag: "html", tagClass: .filenameExtension, conformingTo: .text) == [.html])
    }

    @Test func malformedTagsGiveNil() {
        #expect(UTType(filenameExtension: "") == nil)
        #expect(UTType(filenameExtension: "a/b") == nil)
        #expect(UTType(mimeType: "") == nil)
        #expect(UTType(mimeType: "png") == nil)
        #expect(UTType(mimeType: "image/png\n") == nil)
        #expect(UTType.types(tag: "", tagClass: .filenameExtension, conformingTo: nil) == [])
    }

    @Test func customTagClassesWork() {
        let type = UTType(tag: "XMSS", tagClass: UTTagClass(rawValue: "com.apple.ostype"), conformingTo: .data)
        #expect(type?.identifier == "dyn.ah62d4rv4gk8zuxnxnq")
        #expect(type?.tags[UTTagClass(rawValue: "com.apple.ostype")] == ["XMSS"])
    }

    @Test func malformedIdentifiersGiveNil() {
        #expect(UTType("") == nil)
        #expect(UTType("com.example.unknown") == nil)
        #expect(UTType(identifier: "com..example", allowUndeclared: true) == nil)
        #expect(UTType(identifier: "has space", allowUndeclared: true) == nil)
        let undeclared = UTType(identifier: "com.example.not-declared", allowUndeclared: true)
        #expect(undeclared?.isDeclared == false)
        #expect(undeclared?.isDynamic == false)
        #expect(undeclared?.conforms(to: .data) == false)
    }
}

@Suite("Tags from registrations")
struct RegisteredTagTests {
    @Test("Markdown by RFC 7763's tags, YAML by RFC 9512's, JSON Lines by its two specifications'")
    func registeredTagsFindTheirTypes() {
        #expect(UTType(filenameExtension: "md") == .markdown)
        #expect(UTType(filenameExtension: "markdown") == .markdown)
        #expect(UTType(mimeType: "text/markdown") == .markdown)
        #expect(UTType.markdown.preferredMIMEType == "text/markdown")
        #expect(UTType.markdown.conforms(to: .utf8PlainText))
        #expect(UTType(mimeType: "application/yaml") == .yaml)
        #expect(UTType(mimeType: "text/yaml") == .yaml)
        #expect(UTType.yaml.preferredMIMEType == "application/x-yaml", "Apple's stays preferred")
        for tag in ["jsonl", "ndjson", "JSONL"] {
            #expect(UTType(filenameExtension: tag) == .jsonLines)
        }
        for tag in ["application/x-ndjson", "application/jsonl", "application/x-jsonlines"] {
            #expect(UTType(mimeType: tag) == .jsonLines)
        }
        #expect(UTType.jsonLines.identifier == "public.ndjson")
        #expect(UTType.jsonLines.preferredFilenameExtension == "ndjson")
        #expect(UTType.jsonLines.conforms(to: .text))
        #expect(!UTType.jsonLines.conforms(to: .json), "a JSON Lines file is not one JSON text")
    }
}

@Suite("Types Apple declares beyond its headers' tags")
struct LaterImageTypesTests {
    @Test("public.avif: declared, image/avif and .avif, a HEIF image (macOS 13, iOS 16)")
    func avif() throws {
        let avif = try #require(UTType("public.avif"))
        #expect(avif.isDeclared && !avif.isDynamic)
        #expect(avif.supertypes.contains(try #require(UTType("public.heif-standard"))))
        #expect(avif.conforms(to: .image) && avif.conforms(to: .data))
        #expect(!avif.conforms(to: .heif) && !avif.conforms(to: .heic))
        #expect(avif.preferredMIMEType == "image/avif")
        #expect(avif.preferredFilenameExtension == "avif")
        #expect(UTType(mimeType: "image/avif") == avif)
        #expect(UTType(filenameExtension: "avif") == avif)
        #expect(UTType(filenameExtension: "AVIF") == avif)
    }

    @Test("public.jpeg-xl: image/jxl and .jxl, from libjxl's declaration")
    func jpegXL() {
        #expect(UTType.jpegxl.preferredMIMEType == "image/jxl")
        #expect(UTType.jpegxl.preferredFilenameExtension == "jxl")
        #expect(UTType(mimeType: "image/jxl") == .jpegxl)
        #expect(UTType(filenameExtension: "jxl") == .jpegxl)
    }
}
