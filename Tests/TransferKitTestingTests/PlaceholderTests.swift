import Foundation
import Testing
import TransferKitTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Decodes a PNG with Python's zlib and struct, independently of the Swift writer: checks the
/// signature, every chunk's CRC, the IHDR, the decompressed size and the filter bytes; prints
/// `width height pixel-at-centre pixel-at-corner`.
let pngChecker = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
    pos, idat, ihdr = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) & 0xffffffff == crc, 'crc of ' + kind.decode()
        if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
        if kind == b'IDAT': idat += body
        pos += 12 + length
        if kind == b'IEND': break
    w, h, depth, color, _, _, _ = ihdr
    assert depth == 8 and color == 2, 'format'
    raw = zlib.decompress(idat)
    assert len(raw) == h * (w * 3 + 1), 'size'
    assert all(raw[y * (w * 3 + 1)] == 0 for y in range(h)), 'filters'
    def px(x, y):
        o = y * (w * 3 + 1) + 1 + x * 3
        return raw[o:o + 3].hex()
    colors = set(raw[y * (w * 3 + 1) + 1 + x * 3: y * (w * 3 + 1) + 4 + x * 3].hex() for y in range(h) for x in range(w))
    print(w, h, px(0, 0), ','.join(sorted(colors)))
    """#

func checkPNG(_ data: Data) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("image.png")
    let script = directory.appendingPathComponent("check.py")
    try data.write(to: image)
    try Data(pngChecker.utf8).write(to: script)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, image.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite("Placeholder media")
struct PlaceholderTests {
    @Test func defaultImageIsAValidPNGAsJudgedByPython() throws {
        let result = try checkPNG(try PlaceholderImage().pngData())
        // 250×250, background dddddd at the corner, and the text drawn in 202f55.
        #expect(result == "250 250 dddddd 202f55,dddddd")
    }

    @Test(arguments: [(1, 1), (7, 3), (300, 40), (640, 480)])
    func sizesAndColours(_ width: Int, _ height: Int) throws {
        let image = try PlaceholderImage(
            width: width, height: height, text: "Hi!", foreground: .init(hex: "#f00"), background: .init(hex: "00ff00"))
        let result = try checkPNG(image.pngData())
        #expect(result.hasPrefix("\(width) \(height) 00ff00"))
    }

    @Test("images are compressed: runs of a colour and rows like the last cost a few bits, and decode exactly")
    func imagesAreCompressed() throws {
        // 1000×1000×3 bytes of pixels: Python's zlib must decode every one back.
        let plain = try PlaceholderImage(width: 1000, height: 1000, text: "").pngData()
        #expect(try checkPNG(plain) == "1000 1000 dddddd dddddd")
        #expect(plain.count < 30_000, "\(plain.count) bytes for 3 MB of one colour")
        let text = try PlaceholderImage(width: 1000, height: 300, text: "商品画像 Привет").pngData()
        #expect(try checkPNG(text) == "1000 300 dddddd 202f55,dddddd")
        #expect(text.count < 30_000, "\(text.count) bytes")
        // 12 MB of pixels, under 100 KB (the largest, 4096×4096, is about 330 KB).
        #expect(try PlaceholderImage(width: 2048, height: 2048, text: "").pngData().count < 100_000)
    }

    @Test func badParametersAreRefused() {
        #expect(throws: PlaceholderError.self) { try PlaceholderImage(width: 0) }
        #expect(throws: PlaceholderError.self) { try PlaceholderImage(height: -4) }
        #expect(throws: PlaceholderError.self) { try PlaceholderImage(width: PlaceholderImage.maximumSide + 1) }
        #expect(throws: PlaceholderError.self) { try PlaceholderImage.Color(hex: "12345") }
        #expect(throws: PlaceholderError.self) { try PlaceholderImage.Color(hex: "zzzzzz") }
        #expect(throws: PlaceholderError.self) { try PlaceholderAudio(duration: 0) }
        #expect(throws: PlaceholderError.self) { try PlaceholderAudio(frequency: 30_000) }
    }

    @Test func wavIsValid() throws {
        let wav = try PlaceholderAudio(duration: 0.25, frequency: 440, sampleRate: 8000).wavData()
        #expect(wav.count == 44 + 4000)
        #expect(String(decoding: wav.prefix(4), as: UTF8.self) == "RIFF")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wav-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.wav")
        try wav.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import wave,sys; w=wave.open(sys.argv[1]); print(w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes())",
            file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "1 2 8000 2000")
    }

    func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [PlaceholderURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    @Test func urlSessionServesPlaceholderImagesWithoutANetwork() async throws {
        let url = URL(
            string: "http://placeholder/image.png?width=64&height=32&text=hello&fgcolor=000000&bgcolor=ffffff")!
        let (data, response) = try await session().data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(try checkPNG(data) == "64 32 ffffff 000000,ffffff")
        // The headers the server gives: an entity tag that names the bytes, and a cache policy.
        let request = try PlaceholderRequest(url: url)
        #expect(http.value(forHTTPHeaderField: "ETag") == request.entityTag)
        #expect(http.value(forHTTPHeaderField: "Cache-Control") == "public, max-age=86400")
        var head = URLRequest(url: url)
        head.httpMethod = "HEAD"
        let (nothing, headResponse) = try await session().data(for: head)
        #expect(nothing.isEmpty)
        #expect((headResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Length") == String(data.count))
    }

    @Test func otherPathsAre404AndBadParameters400() async throws {
        let (_, missing) = try await session().data(from: URL(string: "http://placeholder/nothing.gif")!)
        #expect((missing as? HTTPURLResponse)?.statusCode == 404)
        for query in ["width=0", "width=-3", "height=999999", "width=abc", "fgcolor=12", "bgcolor=gggggg"] {
            let (body, response) = try await session().data(from: URL(string: "http://placeholder/image.png?\(query)")!)
            #expect((response as? HTTPURLResponse)?.statusCode == 400, "\(query)")
            #expect(String(decoding: body, as: UTF8.self).contains("expected"), "\(query)")
        }
        let (wav, audio) = try await session().data(from: URL(string: "http://placeholder/audio.wav?duration=0.1")!)
        #expect((audio as? HTTPURLResponse)?.statusCode == 200)
        #expect(wav.count == 44 + 8820)
    }
}
