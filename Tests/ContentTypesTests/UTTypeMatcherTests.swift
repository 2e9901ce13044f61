import ContentTypes
import Foundation
import Testing

@Suite("UTTypeMatcher and the tree's direct steps")
struct UTTypeMatcherTests {
    private func matches(_ matcher: UTTypeMatcher, _ type: UTType, _ mediaType: String? = nil) -> [String] {
        matcher.matches(type, mediaType: mediaType.flatMap(MediaType.init)).map {
            "\($0.index):\($0.distance.map(String.init) ?? "-")"
        }
    }

    @Test("types match by conformance, with the number of steps; any matches everything without a distance")
    func typesAndAny() {
        let matcher = UTTypeMatcher([.type(.image), .type(.png), .type(.data), .any])
        #expect(matches(matcher, .png) == ["0:1", "1:0", "2:2", "3:-"])
        #expect(matches(matcher, .plainText) == ["2:2", "3:-"])
        #expect(matches(matcher, .folder) == ["3:-"])
        #expect(matcher.patterns.count == 4)
    }

    @Test("media ranges match the one media type offered, never the type's other MIME types")
    func mediaRanges() {
        let matcher = UTTypeMatcher([
            .mediaRange(.anyText), .mediaRange(.xml),
        ])
        // public.xml's preferred MIME type is application/xml; text/xml is one of its others.
        #expect(matches(matcher, .xml) == ["1:0"])
        #expect(matches(matcher, .xml, "text/xml") == ["0:1"])
        #expect(matches(matcher, .html) == ["0:1"])
        #expect(matches(matcher, .png) == [])
    }

    @Test("types outside the built-in tree match through the registry, as built-in ones do")
    func registeredAndDynamicTypes() throws {
        let dynamic = try #require(UTType(mimeType: "application/x-matcher-test"))
        let matcher = UTTypeMatcher([
            .type(.data), .type(dynamic), .mediaRange(MediaType(type: "application", subtype: "*")),
        ])
        #expect(matches(matcher, dynamic) == ["0:1", "1:0", "2:1"])
    }

    @Test("more than 64 patterns match as 64 do")
    func manyPatterns() {
        let patterns = Array(repeating: UTTypeMatcher.Pattern.type(.text), count: 70) + [.type(.image)]
        let matcher = UTTypeMatcher(patterns)
        #expect(matcher.matches(.png).map(\.index) == [70])
        #expect(matcher.matches(.plainText).count == 70)
    }

    @Test("directSupertypes are the declared parents; directSubtypes the declared children")
    func directSteps() {
        #expect(UTType.png.directSupertypes == [.image])
        #expect(Set(UTType.image.directSupertypes) == [.data, .content])
        #expect(UTType.image.directSubtypes.contains(.png))
        #expect(!UTType.image.directSubtypes.contains(.data))
        #expect(UTType.item.directSupertypes.isEmpty)
        // Every direct subtype names the type among its direct supertypes: the two views agree.
        for child in UTType.image.directSubtypes { #expect(child.directSupertypes.contains(.image)) }
    }
}
