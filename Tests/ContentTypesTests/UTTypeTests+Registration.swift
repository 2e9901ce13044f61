import ContentTypes
import Foundation
import Testing

@Suite("Declaring types at run time")
struct RegistrationTests {
    /// A prefix no other test uses, so registrations in parallel tests never collide.
    let domain = "com.example.t\(UInt64.random(in: 0...UInt64.max))"

    @Test func registeredTypeConformsAndIsFoundByTag() throws {
        let registered = try UTType.register([
            UTTypeDeclaration(
                identifier: "\(domain).profile",
                conformsTo: ["public.json"],
                description: "Example profile",
                tags: [
                    .filenameExtension: ["\(domain.suffix(8))prof"], .mimeType: ["application/x-\(domain.suffix(8))"],
                ]
            )
        ])
        let type = try #require(registered.first)
        #expect(type.isDeclared)
        #expect(type.conforms(to: .json))
        #expect(type.conforms(to: .text))
        #expect(type.conforms(to: .content))
        #expect(!type.conforms(to: .image))
        #expect(type.localizedDescription == "Example profile")
        #expect(UTType("\(domain).PROFILE") == type)
        #expect(UTType(filenameExtension: "\(domain.suffix(8))prof") == type)
        #expect(UTType(mimeType: "application/x-\(domain.suffix(8))") == type)
        #expect(UTType.declaredTypes.contains(type))
        #expect(UTType.json.directSubtypes.contains(type))
    }

    @Test func exportedAsPicksUpALaterDeclaration() throws {
        let early = UTType(exportedAs: "\(domain).late")
        #expect(!early.isDeclared)
        #expect(early.conforms(to: .data))
        #expect(!early.conforms(to: .image))
        try UTType.register([UTTypeDeclaration(identifier: "\(domain).late", conformsTo: ["public.png"])])
        #expect(early.isDeclared)
        #expect(early.conforms(to: .image))
        #expect(UTType(exportedAs: "\(domain).late", conformingTo: .text).conforms(to: .image))
    }

    @Test func importedAsUsesItsParentUntilDeclared() {
        let type = UTType(importedAs: "\(domain).imported", conformingTo: .plainText)
        #expect(type.conforms(to: .text))
        #expect(!type.isDeclared)
        #expect(UTType(importedAs: "public.png") == .png)
        #expect(UTType(importedAs: "public.png").isDeclared)
    }

    @Test func declarationsInABatchMayReferToEachOtherInAnyOrder() throws {
        let types = try UTType.register([
            UTTypeDeclaration(identifier: "\(domain).child", conformsTo: ["\(domain).parent"]),
            UTTypeDeclaration(identifier: "\(domain).parent", conformsTo: ["public.image"]),
        ])
        #expect(types.count == 2)
        #expect(UTType("\(domain).child")?.conforms(to: .image) == true)
        #expect(UTType("\(domain).child")?.conforms(to: UTType("\(domain).parent")!) == true)
    }

    @Test func conformanceFollowsEveryPathOfALatticeAndNoOther() throws {
        // top ← left, right ← bottom (a diamond), and a sibling beside it.
        try UTType.register([
            UTTypeDeclaration(identifier: "\(domain).bottom", conformsTo: ["\(domain).left", "\(domain).right"]),
            UTTypeDeclaration(identifier: "\(domain).left", conformsTo: ["\(domain).top"]),
            UTTypeDeclaration(identifier: "\(domain).right", conformsTo: ["\(domain).top", "public.text"]),
            UTTypeDeclaration(identifier: "\(domain).top", conformsTo: ["public.image"]),
            UTTypeDeclaration(identifier: "\(domain).sibling", conformsTo: ["\(domain).top"]),
        ])
        let type = { (name: String) in UTType("\(domain).\(name)")! }
        #expect(type("bottom").conforms(to: type("top")))
        #expect(type("bottom").conforms(to: type("left")))
        #expect(type("bottom").conforms(to: .image))
        #expect(type("bottom").conforms(to: .text))
        #expect(
            type("bottom").supertypes.isSuperset(of: [type("left"), type("right"), type("top"), .image, .text, .data]))
        #expect(!type("left").conforms(to: .text))
        #expect(!type("bottom").conforms(to: type("sibling")))
        #expect(!type("top").conforms(to: type("bottom")))
        #expect(!type("left").conforms(to: type("right")))
        #expect(!UTType.image.conforms(to: type("top")))
    }

    @Test func badEntriesAreAllReportedAndGoodOnesKept() throws {
        let error = #expect(throws: UTTypeDeclarationError.self) {
            try UTType.register([
                UTTypeDeclaration(identifier: "\(domain).good", conformsTo: ["public.data"]),
                UTTypeDeclaration(identifier: "", conformsTo: ["public.data"]),
                UTTypeDeclaration(identifier: "\(domain).bad id", conformsTo: ["public.data"]),
                UTTypeDeclaration(identifier: "\(domain).orphan", conformsTo: ["\(domain).missing"]),
                UTTypeDeclaration(identifier: "\(domain).a", conformsTo: ["\(domain).b"]),
                UTTypeDeclaration(identifier: "\(domain).b", conformsTo: ["\(domain).a"]),
                UTTypeDeclaration(identifier: "public.png", kind: .exported, conformsTo: ["public.image"]),
                UTTypeDeclaration(identifier: "\(domain).twice"),
                UTTypeDeclaration(identifier: "\(domain).twice"),
                UTTypeDeclaration(identifier: "\(domain).badtag", tags: [.mimeType: ["notamime"]]),
                UTTypeDeclaration(identifier: "dyn.ah62d4rv4ge8043a"),
            ])
        }
        let problems = try #require(error).problems
        func code(_ entry: String) -> UTTypeDeclarationError.Problem.Code? {
            problems.first { $0.entry == entry }?.code
        }
        #expect(code("") == .malformedIdentifier)
        #expect(code("\(domain).bad id") == .malformedIdentifier)
        #expect(code("\(domain).orphan") == .undeclaredParent)
        #expect(problems.first { $0.entry == "\(domain).orphan" }?.reason.contains("\(domain).missing") == true)
        #expect(code("\(domain).a") == .cycle)
        #expect(code("\(domain).b") == .cycle)
        #expect(code("public.png") == .duplicateIdentifier)
        #expect(code("\(domain).twice") == .duplicateIdentifier)
        #expect(code("\(domain).badtag") == .malformedTag)
        #expect(code("dyn.ah62d4rv4ge8043a") == .malformedIdentifier)
        #expect(problems.count == 9)
        // The good entries were registered all the same.
        #expect(error?.registeredTypes.map(\.identifier) == ["\(domain).good", "\(domain).twice"])
        #expect(UTType("\(domain).good")?.isDeclared == true)
        #expect(UTType("\(domain).a") == nil)
        #expect(UTType.png.conforms(to: .image))
    }

    @Test func importingAnExistingTypeKeepsTheExistingDeclaration() throws {
        try UTType.register([UTTypeDeclaration(identifier: "public.png", kind: .imported, conformsTo: ["public.text"])])
        #expect(!UTType.png.conforms(to: .text))
    }

    @Test func exportingTwiceAcrossBatchesIsAnError() throws {
        try UTType.register([UTTypeDeclaration(identifier: "\(domain).once")])
        #expect {
            try UTType.register([UTTypeDeclaration(identifier: "\(domain).ONCE")])
        } throws: { error in
            (error as? UTTypeDeclarationError)?.problems.first?.code == .duplicateIdentifier
        }
    }

    @Test func concurrentRegistrationIsSafe() async throws {
        let count = 200
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask { [domain] in
                    _ = try? UTType.register([
                        UTTypeDeclaration(
                            identifier: "\(domain).concurrent\(index)",
                            conformsTo: ["public.image"],
                            tags: [.filenameExtension: ["\(domain.suffix(6))c\(index)"]]
                        )
                    ])
                    // Readers run alongside writers.
                    _ = UTType(filenameExtension: "png")
                    _ = UTType.png.conforms(to: .image)
                }
            }
        }
        for index in 0..<count {
            let type = UTType("\(domain).concurrent\(index)")
            #expect(type?.conforms(to: .image) == true)
            #expect(UTType(filenameExtension: "\(domain.suffix(6))c\(index)") == type)
        }
    }
}

@Suite("Declaration files")
struct DeclarationFileTests {
    let domain = "com.example.f\(UInt64.random(in: 0...UInt64.max))"

    func infoPlist(_ exported: [[String: Any]], imported: [[String: Any]] = []) -> [String: Any] {
        [
            "CFBundleIdentifier": "com.example.app", "UTExportedTypeDeclarations": exported,
            "UTImportedTypeDeclarations": imported,
        ]
    }

    var goodEntry: [String: Any] {
        [
            "UTTypeIdentifier": "\(domain).doc",
            "UTTypeConformsTo": ["public.xml", "public.composite-content"],
            "UTTypeDescription": "Example document",
            "UTTypeIconFile": "Doc.icns",
            "UTTypeTagSpecification": [
                "public.filename-extension": ["\(domain.suffix(6))doc", "\(domain.suffix(6))d"],
                "public.mime-type": "application/x-\(domain.suffix(6))",
            ],
        ]
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsInfoPlist(format: PropertyListSerialization.PropertyListFormat) throws {
        let importedEntry: [String: Any] = ["UTTypeIdentifier": "\(domain).other", "UTTypeConformsTo": "public.data"]
        let data = try PropertyListSerialization.data(
            fromPropertyList: infoPlist([goodEntry], imported: [importedEntry]), format: format, options: 0)
        let types = try UTType.registerDeclarations(from: data)
        #expect(types.map(\.identifier) == ["\(domain).doc", "\(domain).other"])
        let type = try #require(UTType("\(domain).doc"))
        #expect(type.conforms(to: .xml))
        #expect(type.conforms(to: .compositeContent))
        #expect(type.preferredFilenameExtension == "\(domain.suffix(6))doc")
        #expect(type.tags[.mimeType] == ["application/x-\(domain.suffix(6))"])
        #expect(type.declaration?.kind == .exported)
        #expect(UTType("\(domain).other")?.declaration?.kind == .imported)
    }

    @Test func readsJSONFromAFile() throws {
        let json = try JSONSerialization.data(withJSONObject: infoPlist([goodEntry]))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(domain).json")
        try json.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let types = try UTType.registerDeclarations(contentsOf: url)
        #expect(types.map(\.identifier) == ["\(domain).doc"])
        #expect(UTType(filenameExtension: "\(domain.suffix(6))d")?.identifier == "\(domain).doc")
    }

    @Test func badEntriesDoNotDiscardGoodOnes() throws {
        let entries: [[String: Any]] = [
            goodEntry,
            ["UTTypeConformsTo": ["public.data"]],  // no identifier
            ["UTTypeIdentifier": 42],  // wrong kind of value
            ["UTTypeIdentifier": "\(domain).orphan", "UTTypeConformsTo": ["\(domain).nowhere"]],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: infoPlist(entries), format: .xml, options: 0)
        let error = #expect(throws: UTTypeDeclarationError.self) {
            try UTType.registerDeclarations(from: data, file: "Info.plist")
        }
        let problems = try #require(error?.problems)
        #expect(problems.count == 3)
        #expect(problems[0].entry == "UTExportedTypeDeclarations[1]")
        #expect(problems[0].code == .malformedEntry)
        #expect(problems[0].reason.contains("UTTypeIdentifier"))
        #expect(problems[1].entry == "UTExportedTypeDeclarations[2]")
        #expect(problems[1].code == .malformedEntry)
        #expect(problems[2].code == .undeclaredParent)
        #expect(error?.registeredTypes.map(\.identifier) == ["\(domain).doc"])
        #expect(error?.description.contains("Info.plist: UTExportedTypeDeclarations[1]") == true)
        #expect(UTType("\(domain).doc")?.isDeclared == true)
    }

    @Test(arguments: ["not a plist", "{\"UTExportedTypeDeclarations\": 3}", "{}", "[1, 2]", ""])
    func malformedFilesAreReported(_ contents: String) {
        #expect {
            try UTType.registerDeclarations(from: Data(contents.utf8), file: "decl")
        } throws: { error in
            guard let error = error as? UTTypeDeclarationError else { return false }
            return error.problems.count == 1 && error.problems[0].code == .malformedFile && error.file == "decl"
        }
    }

    @Test func missingFileIsUnreadable() {
        #expect {
            try UTType.registerDeclarations(contentsOf: URL(fileURLWithPath: "/nonexistent/\(domain).plist"))
        } throws: { error in
            (error as? UTTypeDeclarationError)?.problems.first?.code == .unreadableFile
        }
    }

    @Test func declarationRoundTripsThroughJSON() throws {
        let declaration = UTTypeDeclaration(
            identifier: "\(domain).rt", kind: .imported, conformsTo: ["public.data"], description: "x",
            tags: [.filenameExtension: ["rt"]])
        let data = try JSONEncoder().encode(declaration)
        #expect(try JSONDecoder().decode(UTTypeDeclaration.self, from: data) == declaration)
    }
}

@Suite("Codable")
struct CodableTests {
    @Test func encodesAsTheIdentifier() throws {
        let data = try JSONEncoder().encode([UTType.png, .plainText])
        #expect(String(decoding: data, as: UTF8.self) == #"["public.png","public.plain-text"]"#)
        #expect(try JSONDecoder().decode([UTType].self, from: data) == [.png, .plainText])
    }

    @Test func decodesDynamicAndUndeclaredIdentifiers() throws {
        let decoded = try JSONDecoder().decode(
            [UTType].self, from: Data(#"["dyn.ah62d4rv4ge8043a","com.example.later"]"#.utf8))
        #expect(decoded[0].isDynamic)
        #expect(decoded[0].tags[.filenameExtension] == ["md"])
        #expect(!decoded[1].isDeclared)
    }

    @Test func rejectsMalformedIdentifiers() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([UTType].self, from: Data(#"[""]"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([UTType].self, from: Data(#"["a b"]"#.utf8))
        }
    }
}
