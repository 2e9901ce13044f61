import ContentTypes
import Testing

/// The one MIME type parser (RFC 9110 §8.3.1, §5.6.4, §5.6.6) and what it gives tag lookups.
@Suite("Media types (RFC 9110)")
struct MediaTypeTests {
    private func parse(_ text: String) -> MediaType? {
        try? MediaType(parsing: text)
    }

    @Test func typeSubtypeAndParametersAreCaseFoldedValuesAreNot() throws {
        let type = try #require(parse(#"Text/HTML; Charset="UTF-8"; Level=1"#))
        #expect(type.essence == "text/html")
        #expect(type.parameters == [.init(name: "charset", value: "UTF-8"), .init(name: "level", value: "1")])
        #expect(type.canonicalText == "text/html;charset=UTF-8;level=1")
    }

    @Test func quotedStringsHoldSeparatorsAndQuotedPairs() throws {
        let type = try #require(parse(#"text/x;a=";b=c,d";e="say \"hi\" \\ bye""#))
        #expect(type.parameterDictionary == ["a": ";b=c,d", "e": #"say "hi" \ bye"#])
        // The canonical text quotes only what must be quoted, and parses back to the same.
        #expect(parse(type.canonicalText) == type)
    }

    @Test func emptyParametersAndWhiteSpaceAreAllowed() throws {
        let type = try #require(parse("image/png ;; q=0.5 ; ;"))
        #expect(type.parameters == [.init(name: "q", value: "0.5")])
    }

    @Test(arguments: [
        ("", "expected a media type type/subtype"),
        ("text", "expected '/' after 'text'"),
        ("text/", "expected a subtype after 'text/'"),
        ("text/html;charset", "expected '=' after the parameter 'charset'"),
        (#"text/html;a="open"#, "expected a closing quote for the value of 'a'"),
        ("text/html;a=", "expected a value for the parameter 'a'"),
        ("text/html x", "expected ';' before a parameter, found 'x'"),
        ("te xt/html", "expected '/' after 'te'"),
    ])
    func malformedTypesSayWhatIsWrong(text: String, reason: String) {
        let error = #expect(throws: MediaType.SyntaxError.self) { try MediaType(parsing: text) }
        #expect(error?.reason.hasPrefix(reason) == true, "\(String(describing: error))")
    }

    @Test func headerListsSplitOutsideQuotedStrings() {
        let elements = MediaType.listElements(#"text/html;a="x,y", , image/*;q=0.5,*/*"#)
        #expect(elements == [#"text/html;a="x,y""#, "image/*;q=0.5", "*/*"])
    }

    @Test func tagLookupsTreatQuotedAndUnquotedValuesAlike() {
        #expect(UTType(mimeType: #"text/plain; charset="UTF-8""#) == UTType(mimeType: "text/plain;charset=utf-8"))
        #expect(UTType(mimeType: "TEXT/PLAIN") == .plainText)
    }

    @Test("the public value: named types, ranges, a parameter by name, text both ways, JSON")
    func publicValue() throws {
        let type = try #require(MediaType(#"Text/Plain; Charset="utf-8"; format=flowed"#))
        #expect(type.withoutParameters == .plainText)
        #expect(type[parameter: "CHARSET"] == "utf-8")
        #expect(type[parameter: "delsp"] == nil)
        #expect(type.description == "text/plain;charset=utf-8;format=flowed")
        #expect(MediaType(type.description) == type)
        #expect(MediaType("text") == nil)
        #expect(MediaType.anyImage.isRange && MediaType.any.isRange && !MediaType.png.isRange)
        #expect(MediaType.anyImage.contains(.png) && !MediaType.anyImage.contains(.html))
        #expect(MediaType.any.contains(.json) && MediaType.png.contains(.png) && !MediaType.png.contains(.jpeg))
        #expect(UTType.utf8PlainText.preferredMediaType?[parameter: "charset"] == "utf-8")
        #expect(UTType.png.preferredMediaType == .png)
        let encoded = try JSONEncoder().encode([type])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["text\/plain;charset=utf-8;format=flowed"]"#)
        #expect(try JSONDecoder().decode([MediaType].self, from: encoded) == [type])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([MediaType].self, from: Data(#"["png"]"#.utf8)) }
    }
}
