import ContentTypes
import Testing

@Suite("Apple's public constants")
struct ConstantTests {
    @Test func referenceListHasEveryConstant() {
        #expect(ReferenceRow.all.count == 143)
        #expect(constantsBySwiftName.count == 143)
    }

    /// Tags this package adds after Apple's, from registrations (Docs/ContentTypes.md): Apple's
    /// stay first, so the preferred tag is Apple's.
    static let registeredMIMETypes: [String: [String]] = ["yaml": ["application/yaml", "text/yaml"]]

    @Test("Identifier, parents and tags match the reference", arguments: ReferenceRow.all)
    func matchesReference(_ row: ReferenceRow) throws {
        let type = try #require(constantsBySwiftName[row.swiftName])
        #expect(type.identifier == row.identifier)
        #expect(type.isDeclared)
        #expect(!type.isDynamic)
        let declaration = try #require(type.declaration)
        #expect(declaration.conformsTo == row.parents)
        #expect(type.directSupertypes.map(\.identifier) == row.parents)
        if let extensions = row.extensions {
            #expect(type.tags[.filenameExtension] ?? [] == extensions)
            #expect(type.preferredFilenameExtension == extensions.first)
        }
        if let mimeTypes = row.mimeTypes {
            #expect(type.tags[.mimeType] ?? [] == mimeTypes + (Self.registeredMIMETypes[row.swiftName] ?? []))
            #expect(type.preferredMIMEType == mimeTypes.first)
        }
        // Looking the constant up by its identifier, in any case, gives it back.
        #expect(UTType(row.identifier) == type)
        #expect(UTType(row.identifier.uppercased()) == type)
        #expect(UTType(row.identifier.uppercased())?.identifier == row.identifier)
        for parent in row.parents {
            #expect(type.conforms(to: try #require(UTType(parent))))
        }
    }

    @Test func publicnessFollowsTheIdentifier() {
        #expect(UTType.png.isPublic)
        #expect(!UTType.pdf.isPublic)
        #expect(!UTType.gif.isPublic)
    }

    @Test func descriptionsAreEnglish() {
        #expect(UTType.png.localizedDescription == "PNG image")
        #expect(UTType.jpeg.localizedDescription == "JPEG image")
        #expect(UTType.folder.localizedDescription == "folder")
        #expect(UTType.pdf.localizedDescription == "PDF document")
    }
}
