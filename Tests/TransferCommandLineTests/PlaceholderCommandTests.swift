import Foundation
import Testing
import TransferKitTesting

@Suite("transfer placeholder")
struct PlaceholderCommandTests {
    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("placeholder-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("an image and a sound, byte for byte what the library makes: one renderer")
    func writesWhatTheLibraryMakes() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("out.png")
        let image = await transfer(
            "placeholder", "image", "--width", "300", "--height", "200", "--text", "商品", "--fgcolor", "fff",
            "--bgcolor", "#336699", "-o", png.path)
        #expect(image.status == 0, "\(image.error)")
        var expected = try PlaceholderImage(width: 300, height: 200, text: "商品")
        expected.foreground = try PlaceholderImage.Color(hex: "fff")
        expected.background = try PlaceholderImage.Color(hex: "336699")
        #expect(try Data(contentsOf: png) == expected.pngData())

        let wav = directory.appendingPathComponent("out.wav")
        let audio = await transfer("placeholder", "audio", "--duration", "0.25", "--frequency", "880", "-o", wav.path)
        #expect(audio.status == 0, "\(audio.error)")
        #expect(try Data(contentsOf: wav) == PlaceholderAudio(duration: 0.25, frequency: 880).wavData())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["out.png", "out.wav"])
    }

    @Test("without -o, the bytes go to standard output")
    func standardOutput() async throws {
        let result = try await transferExecutable(["placeholder", "image", "--width", "10", "--height", "10"])
        #expect(result.status == 0, "\(result.error)")
        // 0x89 is not UTF-8: the captured text shows it as U+FFFD.
        #expect(result.output.hasPrefix("\u{FFFD}PNG\r\n"))
    }

    @Test(
        "a bad parameter exits 64 naming it, with the value as written",
        arguments: [
            (["image", "--width", "0"], "--width '0': expected a whole number from 1 to 4096"),
            (["image", "--height", "2147483648"], "--height '2147483648': expected a whole number from 1 to 4096"),
            (["image", "--width", "x"], "--width 'x': expected a whole number"),
            (["image", "--fgcolor", "zz"], "--fgcolor 'zz': expected 3 or 6 hexadecimal digits"),
            (["image", "--bgcolor", "12345"], "--bgcolor '12345': expected 3 or 6 hexadecimal digits"),
            (["audio", "--duration", "99"], "--duration '99': expected"),
            (["audio", "--frequency", "nan"], "--frequency 'nan': expected a number"),
            (["video"], "unknown subcommand 'placeholder video': expected image, audio or serve"),
            ([], "missing subcommand: image, audio or serve"),
            (["image", "--depth", "8"], "--depth"),
        ])
    func badParameters(arguments: [String], message: String) async {
        let result = await transfer(["placeholder"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test("a file that cannot be written exits 73 and leaves nothing behind")
    func unwritableOutput() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = await transfer(
            "placeholder", "image", "-o", directory.appendingPathComponent("missing/out.png").path)
        #expect(result.status == 73)
        #expect(result.error.contains("No such file or directory"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test(
        "a file whose final rename fails (a directory holding a file there) exits 73: the directory untouched, no temporary file",
        arguments: [["image", "--width", "64", "--height", "64"], ["audio", "--duration", "0.1"]])
    func failedRenameLeavesNothing(arguments: [String]) async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(
            at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        // The bytes are written to a temporary file beside the target; renaming it onto a
        // non-empty directory fails at the very end.
        let result = await transfer(["placeholder"] + arguments + ["-o", target.path])
        #expect(result.status == 73, "\(result.error)")
        #expect(result.error.contains("\(target.path): cannot be written"), "\(result.error)")
        #expect(result.error.lowercased().contains("is a directory"), "\(result.error)")
        #expect(result.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["inside"])
    }
}
