import Foundation
import Testing
import TransferKitTesting

/// Prints where the foreground colour is, row by row (`#` ink, `.` background), decoding the PNG
/// with Python's zlib: independently of the Swift writer.
private let inkPrinter = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    pos, idat, ihdr = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
        if kind == b'IDAT': idat += body
        pos += 12 + length
    w, h = ihdr[0], ihdr[1]
    raw = zlib.decompress(idat)
    ink = bytes.fromhex(sys.argv[2])
    for y in range(h):
        row = raw[y * (w * 3 + 1) + 1:(y + 1) * (w * 3 + 1)]
        print(''.join('#' if row[x * 3:x * 3 + 3] == ink else '.' for x in range(w)))
    """#

/// The ink of a placeholder image, as rows of `#` and `.`.
private func ink(of image: PlaceholderImage) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ink-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("image.png")
    let script = directory.appendingPathComponent("ink.py")
    try image.pngData().write(to: file)
    try Data(inkPrinter.utf8).write(to: script)
    let color = image.foreground
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", script.path, file.path, String(format: "%02x%02x%02x", color.red, color.green, color.blue),
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map(String.init)
}

/// GNU Unifont's glyphs as `unifont.hex` writes them (copied from Debian's unifont 15.0.01): the
/// oracle, independent of the table the package generates from the same file.
private let unifontHex: [Character: String] = [
    "ほ": "00000000223011C01040103823E020202020202029E01230122811C000000000",
    "げ": "0000010840A420502040207847C0404040404040404030402080208001000000",
    "П": "000000007E4242424242424242420000", "р": "0000000000005C6242424242625C4040",
    "и": "00000000000046464A4A525262620000", "в": "0000000000007C42427C4242427C0000",
    "е": "0000000000003C42427E4040423C0000", "т": "0000000000007F080808080808080000",
    "商": "020001007FFC082004403FF820082448282837D82448244827C8200820282010",
    "品": "00001FF010101010101010101FF0000000007C7C44444444444444447C7C4444",
    "画": "0000FFFE000000004FE4492449244FE44924492449244FE4400440047FFC0004",
    "像": "090009F00A1017FC1A24324433FC5080914416A81130166810A8112416A21040",
    "م": "00000000000000001C061E2020202020", "ر": "00000000000000000402020204483000",
    "ح": "00000000000000007E1020404040221C", "ب": "000000000000000422423C0000080000",
    "ا": "00000008080808080808080000000000",
]

/// The glyphs of `characters`, left to right, at `scale`, as rows of `#` and `.`.
private func expected(_ characters: [Character], scale: Int = 1) -> [String] {
    var rows = [String](repeating: "", count: 16)
    for character in characters {
        let bytes = Array(unifontHex[character]!.utf8).chunks(2).map {
            UInt8(String(decoding: $0, as: UTF8.self), radix: 16)!
        }
        let width = bytes.count / 2  // 16 bytes: 8 wide; 32 bytes: 16 wide
        for row in 0..<16 {
            for column in 0..<width {
                let byte = bytes[row * (width / 8) + column / 8]
                rows[row] += byte & (0x80 >> UInt8(column % 8)) != 0 ? "#" : "."
            }
        }
    }
    return rows.flatMap { row in
        Array(repeating: String(row.flatMap { Array(repeating: $0, count: scale) }), count: scale)
    }
}

/// Rows without the empty margins around the ink.
private func trimmed(_ rows: [String]) -> [String] {
    let inked = rows.indices.filter { rows[$0].contains("#") }
    guard let top = inked.first, let bottom = inked.last else { return [] }
    let columns = rows[top...bottom].flatMap { row in row.enumerated().filter { $0.element == "#" }.map(\.offset) }
    let left = columns.min()!
    let right = columns.max()!
    return rows[top...bottom].map { String(Array($0)[left...right]) }
}

extension Array {
    fileprivate func chunks(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

@Suite("Placeholder text in any script: GNU Unifont's glyphs, decoded back from the PNG")
struct PlaceholderTextTests {
    @Test(
        "Japanese, Russian and Chinese are drawn with their glyphs, left to right",
        arguments: ["ほげ", "Привет", "商品画像"])
    func leftToRightScripts(text: String) throws {
        let characters = Array(text)
        let width = characters.map { unifontHex[$0]!.count / 4 }.reduce(0, +)
        // Sized so that the whole-pixel scale is 1, then 2.
        for scale in [1, 2] {
            let image = try PlaceholderImage(
                width: width * 10 / 8 * scale + 2, height: 32 * scale, text: text)
            #expect(trimmed(try ink(of: image)) == trimmed(expected(characters, scale: scale)), "\(text) ×\(scale)")
        }
    }

    @Test("Arabic is drawn right to left, in isolated forms (no shaping)")
    func arabicRightToLeft() throws {
        let image = try PlaceholderImage(width: 60, height: 32, text: "مرحبا")
        #expect(trimmed(try ink(of: image)) == trimmed(expected(Array("ابحرم"))))
    }

    @Test("a combining mark is drawn over its letter; an emoji or a character beyond the plane is a box")
    func marksAndMissingGlyphs() throws {
        let accented = try ink(of: PlaceholderImage(width: 20, height: 32, text: "e\u{0301}"))
        let plain = try ink(of: PlaceholderImage(width: 20, height: 32, text: "e"))
        // The same 8-pixel cell, with the acute accent's ink added above the letter.
        #expect(trimmed(accented).count > trimmed(plain).count)
        #expect(trimmed(accented).suffix(trimmed(plain).count) == trimmed(plain)[...])
        for missing in ["😀", "\u{10FFFD}", "\u{E000}", "\u{0007}"] {
            let box = trimmed(try ink(of: PlaceholderImage(width: 40, height: 32, text: missing)))
            #expect(
                box.count == 14 && box.first == String(repeating: "#", count: 14), "\(missing.unicodeScalars.first!)")
            #expect(box.dropFirst().dropLast().allSatisfy { $0.first == "#" && $0.last == "#" })
        }
    }

    @Test("text wider than the image is centred and clipped, never wrapped")
    func clipping() throws {
        let rows = try ink(of: PlaceholderImage(width: 24, height: 40, text: "商品画像"))
        let inked = rows.indices.filter { rows[$0].contains("#") }
        // One line of 16 rows at most, and ink reaching both edges.
        #expect(inked.count <= 16 && !inked.isEmpty)
        #expect(rows.contains { $0.first == "#" } && rows.contains { $0.last == "#" })
    }
}
