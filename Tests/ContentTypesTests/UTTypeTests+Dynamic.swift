import ContentTypes
import Testing

@Suite("Dynamic types")
struct DynamicTypeTests {
    /// Identifiers Apple's own systems produced, collected from public bug reports and logs.
    static let applePairs: [(tag: String, tagClass: UTTagClass, conformingTo: UTType?, identifier: String)] = [
        ("nfo", .filenameExtension, .data, "dyn.ah62d4rv4ge8063xt"),
        ("kicad_pro", .filenameExtension, .data, "dyn.ah62d4rv4ge8004pdqfwf86dwr6"),
        ("bat", .filenameExtension, .data, "dyn.ah62d4rv4ge80e2py"),
        ("1", .filenameExtension, .data, "dyn.ah62d4rv4ge8xc"),
        ("info", .filenameExtension, .content, "dyn.ah62d4qmxhk2x44psq31u"),
        ("rs", .filenameExtension, nil, "dyn.age81e62"),
        ("rs", .filenameExtension, .plainText, "dyn.ah62d4sb4ge81e62"),
        ("dvdmedia", .filenameExtension, .package, "dyn.ah62d4qmuhk2x43d0qv00n3dmqe"),
        ("mov", .filenameExtension, .image, "dyn.ah62d4uv4ge804550"),
        ("dev.kaya/note", .mimeType, .data, "dyn.ah62d4rv4gq80k3p0f3z0c8pbf71g87df"),
        ("dev.kaya/note", .mimeType, nil, "dyn.agq80k3p0f3z0c8pbf71g87df"),
        ("x/nonsense", .mimeType, .data, "dyn.ah62d4rv4gq81up5sr71hg3pssrwu"),
        ("image/x-foo", .mimeType, .image, "dyn.ah62d4uv4gq80w5pbq7ww88brq3108"),
        (
            "audio/mpegurl", .mimeType, .audiovisualContent,
            "dyn.ah62d46dzqm0gw23sqf40k4pts3y1g7pbru00g55ssvw067b4gq80c7perf1w85puqzx1n6xq"
        ),
    ]

    @Test func unknownExtensionGivesApplesDynamicIdentifier() throws {
        let type = try #require(UTType(filenameExtension: "nfo"))
        #expect(type.identifier == "dyn.ah62d4rv4ge8063xt")
        #expect(type.isDynamic)
        #expect(!type.isDeclared)
        #expect(type.conforms(to: .data))
        #expect(type.tags == [.filenameExtension: ["nfo"]])
        #expect(type.preferredFilenameExtension == "nfo")
        #expect(UTType(filenameExtension: "NFO") == type)
    }

    /// `md` was dynamic (`dyn.ah62d4rv4ge8043a`) on Apple's systems before they declared Markdown;
    /// now it is Markdown here too, and the old identifier, which documents and pasteboards still
    /// hold, still reads back as the tag it encodes.
    @Test func markdownIsDeclaredAndItsOldDynamicIdentifierStillReads() throws {
        #expect(UTType(filenameExtension: "md") == .markdown)
        #expect(UTType(filenameExtension: "MD") == .markdown)
        let old = try #require(UTType("dyn.ah62d4rv4ge8043a"))
        #expect(old.isDynamic)
        #expect(old.tags == [.filenameExtension: ["md"]])
        #expect(old.conforms(to: .data))
    }

    @Test func matchesEveryIdentifierAppleProduced() {
        for pair in Self.applePairs {
            let type = UTType(tag: pair.tag, tagClass: pair.tagClass, conformingTo: pair.conformingTo)
            #expect(
                type?.identifier == pair.identifier,
                "\(pair.tag) conforming to \(String(describing: pair.conformingTo))")
        }
    }

    @Test func identifierDecodesBackToTheTagAndConformance() throws {
        for pair in Self.applePairs {
            let type = try #require(UTType(pair.identifier))
            #expect(type.isDynamic)
            #expect(type.tags[pair.tagClass] == [pair.tag.lowercased()])
            if let supertype = pair.conformingTo {
                #expect(type.conforms(to: supertype))
            }
        }
    }

    @Test func decodingRejectsCorruptIdentifiers() {
        #expect(UTType("dyn.") == nil)
        #expect(UTType("dyn.b62d4rv4ge8043a") == nil)
        #expect(UTType("dyn.ah62d4rv4ge8043i") == nil)  // 'i' is not in the alphabet
        #expect(UTType("dyn.agq80w5xcq7g") == nil)  // non-zero padding bits
    }

    @Test func specialCharactersAreEscapedAndRoundTrip() throws {
        let type = try #require(UTType(filenameExtension: "a:b=c,d\\e"))
        let decoded = try #require(UTType(type.identifier))
        #expect(decoded.tags[.filenameExtension] == ["a:b=c,d\\e"])
    }

    @Test func dynamicTypesAreStable() {
        #expect(UTType(filenameExtension: "xyz")?.identifier == UTType(filenameExtension: "xyz")?.identifier)
        #expect(UTType(filenameExtension: "xyz") != UTType(filenameExtension: "xyz", conformingTo: .text))
    }
}
