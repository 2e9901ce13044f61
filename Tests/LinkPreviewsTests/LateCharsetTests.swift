import Foundation
import LinkPreviews
import Testing

/// 楽天市場 in EUC-JP, 天猫商城 in GBK, Café in windows-1252.
private let rakutenEUCJP: [UInt8] = [0xB3, 0xDA, 0xC5, 0xB7, 0xBB, 0xD4, 0xBE, 0xEC]
private let tmallGBK: [UInt8] = [0xCC, 0xEC, 0xC3, 0xA8, 0xC9, 0xCC, 0xB3, 0xC7]
private let cafeWindows1252: [UInt8] = [0x43, 0x61, 0x66, 0xE9]

/// A page built the way legacy-charset pages often are: `filler` bytes of scripts first (so that
/// the declaration comes after the prescan's 1,024 bytes), then `<meta>` `declaration`, then the
/// title in the page's own bytes.
private func latePage(filler: Int, declaration: String, title: [UInt8], description: [UInt8] = []) -> [UInt8] {
    var page = Array("<!DOCTYPE html><html><head>".utf8)
    let script = Array("<script>var config = {\"a\": \"<p class=note>\"};</script>\n".utf8)
    while page.count < filler { page += script }
    page += Array("\(declaration)<title>".utf8) + title + Array("</title>".utf8)
    if !description.isEmpty {
        page += Array(#"<meta name="description" content=""#.utf8) + description + Array(#"">"#.utf8)
    }
    return page + Array("</head><body></body></html>".utf8)
}

private let pageURL = URL(string: "https://example.com/")!

@Suite("A charset declared after the prescan's 1,024 bytes changes the encoding (WHATWG \"change the encoding\")")
struct LateCharsetTests {
    @Test(
        "EUC-JP and GBK declared after 2 KiB and after 100 KiB of scripts",
        arguments: [2_600, 155_000]
    )
    func lateDeclaration(filler: Int) throws {
        let japanese = try LinkMetadata(
            html: latePage(filler: filler, declaration: #"<meta charset="EUC-JP">"#, title: rakutenEUCJP),
            url: pageURL)
        #expect(japanese.title == "楽天市場")
        let chinese = try LinkMetadata(
            html: latePage(
                filler: filler, declaration: #"<meta http-equiv="Content-Type" content="text/html; charset=gbk">"#,
                title: tmallGBK, description: tmallGBK),
            url: pageURL)
        #expect(chinese.title == "天猫商城")
        #expect(chinese.summary == "天猫商城")
    }

    @Test("Only the first declaration counts; one with an unknown label does not")
    func firstDeclarationWins() throws {
        let twice = try LinkMetadata(
            html: latePage(
                filler: 2_000,
                declaration: #"<meta charset="no-such-charset"><meta charset="euc-jp"><meta charset="gbk">"#,
                title: rakutenEUCJP),
            url: pageURL)
        #expect(twice.title == "楽天市場")
    }

    @Test("A late UTF-16 label means UTF-8, and x-user-defined means windows-1252")
    func labelsRemapped() throws {
        let userDefined = try LinkMetadata(
            html: latePage(filler: 2_000, declaration: #"<meta charset="x-user-defined">"#, title: cafeWindows1252),
            url: pageURL)
        #expect(userDefined.title == "Café")
        var utf8Title = Array("Café ".utf8)
        utf8Title += [0xFF]  // Not UTF-8, so the late declaration is followed: as UTF-8, not UTF-16.
        let utf16 = try LinkMetadata(
            html: latePage(filler: 2_000, declaration: #"<meta charset="utf-16le">"#, title: utf8Title),
            url: pageURL)
        #expect(utf16.title == "Café \u{FFFD}")
    }

    @Test("A certain encoding — the transport's charset, a byte order mark — is not changed by a late one")
    func certainEncodingStays() throws {
        let page = latePage(filler: 2_000, declaration: #"<meta charset="euc-jp">"#, title: cafeWindows1252)
        let transport = try LinkMetadata(html: page, url: pageURL, contentType: "text/html; charset=windows-1252")
        #expect(transport.title == "Café")
        let withMark = try LinkMetadata(
            html: [0xEF, 0xBB, 0xBF]
                + latePage(filler: 2_000, declaration: #"<meta charset="gbk">"#, title: Array("Café".utf8)),
            url: pageURL)
        #expect(withMark.title == "Café")
    }

    @Test("A page whose bytes are all valid UTF-8 stays UTF-8 whatever it declares late")
    func validUTF8Stays() throws {
        let transcoded = try LinkMetadata(
            html: latePage(filler: 150_000, declaration: #"<meta charset="gbk">"#, title: Array("天猫商城".utf8)),
            url: pageURL)
        #expect(transcoded.title == "天猫商城")
    }

    @Test("A declaration inside the first 1,024 bytes is the prescan's; the page is read once in it")
    func earlyDeclaration() throws {
        let page = latePage(filler: 0, declaration: #"<meta charset="euc-jp">"#, title: rakutenEUCJP)
        #expect(try LinkMetadata(html: page, url: pageURL).title == "楽天市場")
    }

    @Test("A late declaration of an encoding browsers refuse is the same typed error as an early one")
    func lateReplacement() {
        let page = latePage(filler: 2_000, declaration: #"<meta charset="iso-2022-kr">"#, title: rakutenEUCJP)
        let error = #expect(throws: LinkPreviewError.self) { try LinkMetadata(html: page, url: pageURL) }
        #expect(error?.code == .unsupportedEncoding)
    }
}

@Suite("LinkMetadata(html:) from text")
struct LinkMetadataFromTextTests {
    @Test("a String is read as the characters it holds; a <meta charset> in it changes nothing")
    func stringPages() throws {
        let url = URL(string: "https://example.com/a/")!
        let page = "<meta charset=\"shift_jis\"><title>ほげ — Привет</title><link rel=icon href=\"i.png\">"
        let metadata = try LinkMetadata(html: page, url: url)
        #expect(metadata.title == "ほげ — Привет")
        #expect(metadata.iconURL == URL(string: "https://example.com/a/i.png"))
        // The same page as bytes declares Shift_JIS and is decoded so: the text is then mojibake,
        // which is why text is not sniffed.
        let asBytes = try LinkMetadata(html: Array(page.utf8), url: url)
        #expect(asBytes.title != "ほげ — Привет")
    }
}
