import Foundation
import Testing
import TransferKitTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one reading of placeholder URLs that the URL protocol, the server and the tool share.
@Suite("PlaceholderRequest")
struct PlaceholderRequestTests {
    func image(_ target: String) throws -> PlaceholderImage {
        let request = try PlaceholderRequest(target: target)
        guard case .image(let image) = request.media else {
            Issue.record("\(target) is not an image")
            throw CancellationError()
        }
        #expect(request.contentType == "image/png")
        return image
    }

    @Test("/image.png reads every parameter; the defaults are 250×250 'dummy'")
    func imageParameters() throws {
        let defaults = try image("/image.png")
        #expect(defaults == (try PlaceholderImage()))
        let image = try image("/image.png?width=300&height=200&text=Hello+World&fgcolor=fff&bgcolor=%23202F55")
        #expect(image.width == 300 && image.height == 200)
        #expect(image.text == "Hello World")
        #expect(image.foreground == PlaceholderImage.Color(red: 255, green: 255, blue: 255))
        #expect(image.background == PlaceholderImage.Color(red: 0x20, green: 0x2F, blue: 0x55))
    }

    @Test(
        "text in any script, percent-encoded as UTF-8 or sent as it is",
        arguments: ["ほげ", "Привет", "商品画像", "مرحبا", "e\u{301}", "a+b & c=d%"])
    func textInAnyScript(text: String) throws {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "a"..."z"))
        allowed.insert(charactersIn: "-._~")
        let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed)!
        #expect(try image("/image.png?text=\(encoded)").text == text)
        if !text.contains(where: { "+&=%".contains($0) }) {
            #expect(try image("/image.png?text=\(text)").text == text)  // Raw UTF-8 in the target.
        }
    }

    @Test("placehold.jp's paths: /W.png, /WxH.png, /BG/FG/WxH.png; the text defaults to the size")
    func placeholdPaths() throws {
        let square = try image("/300.png")
        #expect(square.width == 300 && square.height == 300 && square.text == "300 × 300")
        let rectangle = try image("/300X200.PNG?text=%E5%95%86")
        #expect(rectangle.width == 300 && rectangle.height == 200 && rectangle.text == "商")
        let colored = try image("/ddd/202f55/64x32.png")
        #expect(colored.background == PlaceholderImage.Color(red: 0xDD, green: 0xDD, blue: 0xDD))
        #expect(colored.foreground == PlaceholderImage.Color(red: 0x20, green: 0x2F, blue: 0x55))
        #expect(
            try image("/ddd/202f55/64x32.png?bgcolor=000").background
                == PlaceholderImage.Color(red: 0, green: 0, blue: 0))
        // The same image by either spelling: the same bytes and the same entity tag.
        let a = try PlaceholderRequest(target: "/64x32.png?text=a")
        let b = try PlaceholderRequest(target: "/image.png?height=32&width=64&text=a")
        #expect(a == b && a.entityTag == b.entityTag && a.data() == b.data())
    }

    @Test("absolute URLs, fragments, unknown and upper-case names, empty items")
    func lenientWhereHarmless() throws {
        #expect(try image("http://localhost:8080/image.png?width=10").width == 10)
        #expect(try image("/image.png?width=10#height=20").height == 250)
        #expect(try image("/image.png?v=2&WIDTH=10&&cache=no").width == 10)
        let url = URL(string: "http://placeholder/audio.wav?duration=0.25&frequency=880")!
        guard case .audio(let audio) = try PlaceholderRequest(url: url).media else {
            Issue.record("not audio")
            return
        }
        #expect(audio.duration == 0.25 && audio.frequency == 880)
    }

    @Test(
        "a bad parameter is refused with its name, what was expected and what was found",
        arguments: [
            ("/image.png?width=2147483648", "width", "a whole number from 1 to 4096", "2147483648"),
            ("/image.png?width=99999999999999999999999", "width", "a whole number", "99999999999999999999999"),
            ("/image.png?height=0", "height", "a whole number from 1 to 4096", "0"),
            ("/image.png?width=-5", "width", "a whole number", "-5"),
            ("/image.png?width=%2B5", "width", "a whole number", "+5"),
            ("/image.png?width=+5", "width", "a whole number", " 5"),
            ("/image.png?width=1e3", "width", "a whole number", "1e3"),
            ("/image.png?width=10&width=20", "width", "one value", "10' and '20"),
            ("/image.png?fgcolor=red", "fgcolor", "3 or 6 hexadecimal digits", "red"),
            ("/zzz/202f55/10x10.png", "bgcolor", "3 or 6 hexadecimal digits", "zzz"),
            ("/5000x10.png", "width", "a whole number from 1 to 4096", "5000"),
            ("/audio.wav?duration=nan", "duration", "a number", "nan"),
            ("/audio.wav?duration=120", "duration", "seconds above 0", "120.0"),
        ])
    func badParameters(target: String, parameter: String, expected: String, found: String) throws {
        let error = try #require(Self.error(target), "\(target) was accepted")
        #expect(error.code == .invalidParameter)
        #expect(error.parameter == parameter)
        #expect(error.expected.contains(expected), "\(error)")
        #expect(error.value == found)
        #expect(error.reason == "\(parameter): expected \(error.expected), found '\(found)'")
    }

    @Test("~= matches a placeholder error by its code")
    func codeMatching() {
        do {
            _ = try PlaceholderRequest(target: "/nothing")
        } catch PlaceholderError.Code.invalidParameter {
            Issue.record("matched the wrong code")
        } catch PlaceholderError.Code.notFound {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    static func error(_ target: String) -> PlaceholderError? {
        do {
            _ = try PlaceholderRequest(target: target)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a percent-encoding that is not %XX, or decodes to bytes that are not UTF-8, is a malformed target",
        arguments: [
            ("/image.png?text=%zz", "text"), ("/image.png?text=abc%", "text"), ("/image.png?text=%4", "text"),
            ("/image.png?text=%E3%81", "text"), ("/image.png?text=%FF", "text"), ("/image.png?%zz=1", "query"),
            ("/image%2.png", "path"), ("/image%C0%AF.png", "path"),
        ])
    func badPercentEncoding(target: String, parameter: String) throws {
        let error = try #require(Self.error(target))
        #expect(error.code == .malformedTarget)
        #expect(error.parameter == parameter)
        #expect(error.reason.contains("percent-encoded as UTF-8"))
    }

    @Test("a path that names nothing is not found; text past the limit is refused, never laid out")
    func notFoundAndTooLong() throws {
        for target in ["/", "/image.jpg", "/favicon.ico", "/x10.png", "/10x.png", "/a/b/c/10x10.png", "/10x10x10.png"] {
            let error = try #require(Self.error(target), "\(target)")
            #expect(error.code == .notFound, "\(target)")
            #expect(error.reason.contains("/image.png, /audio.wav"))
        }
        let long = String(repeating: "字", count: PlaceholderImage.maximumTextLength + 1)
        let error = try #require(Self.error("/image.png?text=\(long)"))
        #expect(error.code == .invalidParameter && error.parameter == "text")
        #expect(error.value.count < 100, "the value is shortened in the message")
        #expect(throws: PlaceholderError.self) { try PlaceholderImage(text: long) }
    }

    @Test("the entity tag names the bytes: it changes with every parameter and only then")
    func entityTags() throws {
        let targets = [
            "/image.png", "/image.png?text=dummy&width=250", "/image.png?text=Dummy", "/image.png?width=251",
            "/image.png?fgcolor=000", "/image.png?bgcolor=000", "/audio.wav", "/audio.wav?frequency=441",
        ]
        let tags = try targets.map { try PlaceholderRequest(target: $0).entityTag }
        #expect(tags[0] == tags[1])
        #expect(Set(tags).count == targets.count - 1)
        for tag in tags { #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18) }
    }

    @Test("the URL protocol answers from the same reading: 400 for a bad value, 404 for a bad path")
    func urlProtocolAgrees() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [PlaceholderURLProtocol.self]
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        func get(_ url: String) async throws -> (status: Int?, body: Data) {
            let (body, response) = try await session.data(from: URL(string: url)!)
            return ((response as? HTTPURLResponse)?.statusCode, body)
        }
        let ok = try await get("http://placeholder/64x32.png?text=%E5%95%86")
        let expected = try PlaceholderRequest(target: "/64x32.png?text=商").data()
        #expect(ok.status == 200 && ok.body == expected)
        let bad = try await get("http://placeholder/image.png?width=2147483648")
        #expect(bad.status == 400)
        #expect(String(decoding: bad.body, as: UTF8.self).hasPrefix("width: expected a whole number from 1 to 4096"))
        #expect(try await get("http://placeholder/nothing").status == 404)
    }
}

@Suite("Placeholder URLs: percent-escapes in either case")
struct PlaceholderPercentCaseTests {
    @Test("lower-case escapes decode as upper-case ones do (RFC 3986 §2.1: equivalent)")
    func lowerCaseEscapes() throws {
        guard
            case .image(let lower) = try PlaceholderRequest(target: "/image.png?text=%e5%95%86&bgcolor=%23abcdef").media,
            case .image(let upper) = try PlaceholderRequest(target: "/image.png?text=%E5%95%86&bgcolor=%23ABCDEF").media
        else {
            Issue.record("not an image")
            return
        }
        #expect(lower.text == "商")
        #expect(lower.background == PlaceholderImage.Color(red: 0xAB, green: 0xCD, blue: 0xEF))
        #expect(lower == upper)
    }
}
