import Foundation
import LinkPreviews
import Testing

/// The fixtures of `Scripts/generate-decoding-fixtures.py`: every sequence of an encoding's range and
/// its decoding by an independent reference (glibc's iconv, or Python's codecs).
private func fixture(_ label: String) throws -> (sequences: [[UInt8]], expected: [String]) {
    let input = try #require(
        Bundle.module.url(forResource: label, withExtension: "input", subdirectory: "Resources/Decoding"))
    let expected = try #require(
        Bundle.module.url(forResource: label, withExtension: "expected", subdirectory: "Resources/Decoding"))
    let sequences = try Data(contentsOf: input).split(separator: 0x20, omittingEmptySubsequences: false).dropLast()
    let texts = try words(String(contentsOf: expected, encoding: .utf8)).dropLast()
    return (sequences.map { Array($0) }, Array(texts))
}

/// `text` split at its spaces, by scalar: a combining mark after a space is a character of its own
/// here, not part of the space's grapheme.
private func words(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: " ", omittingEmptySubsequences: false).map {
        String(String.UnicodeScalarView($0))
    }
}

/// Where the Encoding Standard — which the decoders follow — and the reference differ, by rule.
private func isKnownDifference(_ label: String, _ sequence: [UInt8], ours: String, reference: String) -> Bool {
    let scalar = ours.unicodeScalars.first?.value ?? 0
    let referenceScalar = reference.unicodeScalars.first?.value ?? 0
    let isPrivateUse = (0xE000...0xF8FF).contains(referenceScalar)
    switch label {
    case "windows-1252":
        // The five bytes Windows leaves undefined decode to the C1 controls of the same value.
        return [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(sequence[0]) && scalar == UInt32(sequence[0])
    case "koi8-u":
        // The Encoding Standard's KOI8-U is KOI8-RU at 0xAE and 0xBE (ў, Ў).
        return [[0xAE]: 0x045E, [0xBE]: 0x040E][sequence] == scalar
    case "macintosh":
        // index-macintosh: 0xC6 is U+2206 INCREMENT, 0xF0 the Apple logo at U+F8FF.
        return [[0xC6]: 0x2206, [0xF0]: 0xF8FF][sequence] == scalar
    case "x-mac-cyrillic":
        return sequence == [0xFF] && scalar == 0x20AC  // The euro sign, as in Mac OS 9's table.
    case "euc-jp":
        // Rows 85–94, which EUC-JP-MS maps to the Private Use Area: errors in the standard, but rows
        // 89–92 (0xF9–0xFC), where index-jis0208 carries IBM's extension kanji as code page 932 does.
        guard sequence[0] >= 0xF5, isPrivateUse else { return false }
        if (0xF9...0xFC).contains(sequence[0]) { return !(0xE000...0xF8FF).contains(scalar) }
        return ours == "\u{FFFD}"
    case "gbk", "gb18030":
        // GB18030-2022 moved these out of the Private Use Area (and swapped 0xA8BC with 0x8135F437); ICU
        // follows it, as the Encoding Standard does since 2024; Python's codec keeps GB18030-2005.
        let moved: [[UInt8]: UInt32] = [
            [0xA3, 0xA0]: 0x3000, [0xA6, 0xD9]: 0xFE10, [0xA6, 0xDA]: 0xFE12, [0xA6, 0xDB]: 0xFE11,
            [0xA6, 0xDC]: 0xFE13, [0xA6, 0xDD]: 0xFE14, [0xA6, 0xDE]: 0xFE15, [0xA6, 0xDF]: 0xFE16,
            [0xA6, 0xEC]: 0xFE17, [0xA6, 0xED]: 0xFE18, [0xA6, 0xF3]: 0xFE19, [0xA8, 0xBC]: 0x1E3F,
            [0xFE, 0x59]: 0x9FB4, [0xFE, 0x61]: 0x9FB5, [0xFE, 0x66]: 0x9FB6, [0xFE, 0x67]: 0x9FB7,
            [0xFE, 0x6D]: 0x9FB8, [0xFE, 0x7E]: 0x9FB9, [0xFE, 0x90]: 0x9FBA, [0xFE, 0xA0]: 0x9FBB,
            [0x81, 0x35, 0xF4, 0x37]: 0xE7C7,
        ]
        return moved[sequence] == scalar
    case "big5":
        // Known limit: the ETEN extensions at 0xC6A1–0xC7FC (kana, Cyrillic), which Foundation's Big5
        // maps to the Private Use Area, are U+FFFD here.
        return (0xC6...0xC7).contains(sequence[0]) && ours == "\u{FFFD}"
    default:
        return false
    }
}

@Suite("Every decoding table and multi-byte decoder, over its whole range, against an independent reference")
struct DecodingTablesTests {
    @Test(
        "Each sequence decodes as the reference decodes it, or differs by a rule of the Encoding Standard",
        arguments: [
            "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7",
            "iso-8859-8", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r",
            "koi8-u", "macintosh", "windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
            "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic",
            "shift_jis", "euc-jp", "euc-kr", "gbk", "big5", "gb18030",
        ]
    )
    func table(label: String) throws {
        let (sequences, expected) = try fixture(label)
        #expect(sequences.count == expected.count)
        #expect(sequences.count >= 128)
        // All sequences at once, as a page's title: an ill-formed one must not spoil its neighbours.
        let page = Array("<title>".utf8) + sequences.flatMap { $0 + [0x20] } + Array("</title>".utf8)
        let title = try LinkMetadata(
            html: page, url: URL(string: "https://example.com/")!, contentType: "text/html; charset=\(label)"
        ).title
        let ours = words(title ?? "")
        try #require(ours.count == expected.count, "\(label): \(ours.count) decoded, \(expected.count) expected")
        var unexplained: [String] = []
        for (index, sequence) in sequences.enumerated() where ours[index] != expected[index] {
            // An ill-formed lead byte followed by an ASCII byte: U+FFFD, and the ASCII byte read again.
            if expected[index] == "\u{FFFD}", ours[index].hasPrefix("\u{FFFD}"), ours[index].utf8.count == 4 {
                continue
            }
            if isKnownDifference(label, sequence, ours: ours[index], reference: expected[index]) { continue }
            let hex = sequence.map { String($0, radix: 16, uppercase: true) }.joined()
            unexplained.append("\(hex): \(ours[index].debugDescription), reference \(expected[index].debugDescription)")
        }
        #expect(unexplained.isEmpty, "\(label): \(unexplained.count) differences, first \(unexplained.prefix(5))")
    }

    @Test("x-user-defined: 0x80–0xFF are U+F780–U+F7FF")
    func userDefined() throws {
        let bytes = (0x80...0xFF).map { UInt8($0) }
        let page = Array("<title>".utf8) + bytes + Array("</title>".utf8)
        let title = try LinkMetadata(
            html: page, url: URL(string: "https://example.com/")!, contentType: "text/html; charset=x-user-defined"
        ).title
        #expect(title?.unicodeScalars.map(\.value) == (0xF780...0xF7FF).map { UInt32($0) })
    }

    @Test("UTF-16BE over every BMP scalar that is not a surrogate, and a supplementary pair")
    func utf16BigEndian() throws {
        var bytes: [UInt8] = [0xFE, 0xFF]
        var expected = ""
        for value in stride(from: 0x00A0, through: 0xFFFD, by: 7) where !(0xD800...0xDFFF).contains(value) {
            bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            expected.unicodeScalars.append(Unicode.Scalar(UInt32(value))!)
        }
        bytes += [0xD8, 0x3D, 0xDE, 0x00]  // U+1F600
        expected += "😀"
        let html = Array("<title>".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let close = Array("</title>".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let page = [0xFE, 0xFF] + html + Array(bytes.dropFirst(2)) + close
        let title = try LinkMetadata(html: page, url: URL(string: "https://example.com/")!).title
        #expect(title == expected)
    }

    @Test(
        "The prescan reads the first 1,024 bytes: a charset whose value ends inside them counts; one byte later, it is late"
    )
    func prescanCutoff() throws {
        let url = URL(string: "https://example.com/")!
        let declaration = Array(#"<meta charset="koi8-r">"#.utf8)  // The value's closing quote is its 22nd byte.
        // A title in valid UTF-8, so that the late rule leaves it alone: only the prescan can change it.
        let title = Array("<title>".utf8) + Array("а".utf8) + Array("</title>".utf8)
        let inside = [UInt8](repeating: 0x20, count: 1_002) + declaration + title  // The quote is byte 1,024.
        let outside = [UInt8](repeating: 0x20, count: 1_003) + declaration + title  // The quote is byte 1,025.
        #expect(try LinkMetadata(html: inside, url: url).title == "п╟")  // The UTF-8 of "а", read as KOI8-R.
        #expect(try LinkMetadata(html: outside, url: url).title == "а")
        // Past the prescan with bytes that are not UTF-8, the tokenizer's late rule decides.
        let legacy =
            [UInt8](repeating: 0x20, count: 1_003) + declaration + Array("<title>".utf8) + [0xC1]
            + Array("</title>".utf8)
        #expect(try LinkMetadata(html: legacy, url: url).title == "а")  // 0xC1 is а in KOI8-R.
    }

    @Test("<meta charset=utf-16> means UTF-8, in the prescan as late")
    func utf16LabelMeansUTF8() throws {
        let url = URL(string: "https://example.com/")!
        let page = Array(#"<meta charset="utf-16"><title>"#.utf8) + Array("日本".utf8) + Array("</title>".utf8)
        #expect(try LinkMetadata(html: page, url: url).title == "日本")
    }
}
