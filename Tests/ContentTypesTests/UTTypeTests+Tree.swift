import Testing

@testable import ContentTypes

@Suite("The built-in tree")
struct TreeTests {
    @Test func builtInTableHasNoProblems() {
        // Every parent declared, no duplicate identifier, no cycle.
        #expect(TypeTable.shared.problems == [])
    }

    @Test func treeCoversTheWiderSystemSet() {
        #expect(UTType.declaredTypes.count >= 700)
    }

    @Test func identifiersAreUniqueIgnoringCase() {
        let keys = UTType.declaredTypes.prefix(TypeTable.shared.declarations.count).map { $0.identifier.lowercased() }
        #expect(Set(keys).count == keys.count)
    }

    @Test func everyParentIsDeclaredAndNoTypeConformsToItsOwnSubtype() {
        for type in UTType.declaredTypes {
            for parent in type.declaration?.conformsTo ?? [] {
                let parentType = UTType(parent)
                #expect(parentType?.isDeclared == true, "\(type): parent \(parent)")
                if let parentType {
                    #expect(!parentType.conforms(to: type), "cycle between \(type) and \(parent)")
                }
            }
        }
    }

    @Test(
        "Apple's key edges",
        arguments: [
            ("public.text", ["public.data", "public.content"]),
            ("public.image", ["public.data", "public.content"]),
            ("public.audiovisual-content", ["public.data", "public.content"]),
            ("public.movie", ["public.audiovisual-content"]),
            ("public.mpeg-4", ["public.movie"]),
            ("public.file-url", ["public.url"]),
            ("public.url", ["public.data"]),
            ("com.adobe.pdf", ["public.data", "public.composite-content"]),
            ("public.vcard", ["public.text", "public.contact"]),
            ("public.zip-archive", ["com.pkware.zip-archive"]),
            ("com.pkware.zip-archive", ["public.data", "public.archive"]),
            ("public.data", ["public.item"]),
            ("public.folder", ["public.directory"]),
            ("public.plain-text", ["public.text"]),
            ("public.utf8-plain-text", ["public.plain-text"]),
        ]
    )
    func keyEdge(_ identifier: String, _ parents: [String]) throws {
        let type = try #require(UTType(identifier))
        #expect(type.declaration?.conformsTo == parents)
    }

    @Test func rootsAreSeparate() {
        #expect(UTType.item.directSupertypes.isEmpty)
        #expect(UTType.content.directSupertypes.isEmpty)
        #expect(!UTType.data.conforms(to: .content))
        #expect(!UTType.content.conforms(to: .item))
    }

    @Test func movieIsAudiovisualContentNotDirectlyData() {
        #expect(UTType.movie.directSupertypes == [.audiovisualContent])
        #expect(UTType.movie.conforms(to: .data))
        #expect(UTType.mpeg4Movie.conforms(to: .audiovisualContent))
        #expect(UTType.fileURL.conforms(to: .data))
        #expect(UTType.zip.conforms(to: .archive))
        #expect(UTType.vCard.conforms(to: .contact))
        #expect(UTType.vCard.conforms(to: .content))
    }

    @Test func conformanceIsReflexive() {
        for type in UTType.declaredTypes {
            #expect(type.conforms(to: type))
            #expect(!type.isSubtype(of: type))
        }
    }

    @Test func conformanceIsTransitive() {
        // For every type, each ancestor's ancestors are its ancestors too.
        for type in UTType.declaredTypes {
            let ancestors = type.supertypes
            for ancestor in ancestors {
                #expect(ancestor.supertypes.isSubset(of: ancestors), "\(type) → \(ancestor)")
                #expect(type.conforms(to: ancestor))
                #expect(type.isSubtype(of: ancestor))
                #expect(ancestor.isSupertype(of: type))
                #expect(!ancestor.conforms(to: type))
            }
        }
    }

    @Test func supertypesOfPNG() {
        #expect(UTType.png.supertypes == [.image, .data, .content, .item])
    }

    @Test func multipleInheritanceFollowsEveryParent() {
        #expect(UTType.commaSeparatedText.conforms(to: .delimitedText))
        #expect(UTType.commaSeparatedText.conforms(to: .plainText))
        #expect(UTType.utf8TabSeparatedText.conforms(to: .utf8PlainText))
        #expect(UTType.utf8TabSeparatedText.conforms(to: .tabSeparatedText))
    }
}
