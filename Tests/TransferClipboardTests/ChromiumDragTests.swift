import Foundation
import Testing
import TransferKit
import TransferKitTesting

@testable import TransferClipboard

/// Drag and drop with a real client: Chromium on Xvfb, a page whose script reports what
/// `dataTransfer` held at the drop (or what it put there at the drag's start), and `transfer drag`
/// or `transfer drop` on the other side; the pointer pressed, moved and released by `xdotool`
/// through XTest. Waits are for events — the page's reports, windows mapped — never for time.
/// Skipped, with the reason printed, where Chromium, Xvfb or xdotool is absent (`.ci/run` installs
/// them).
@Suite("Chromium on Xvfb: dragged into from transfer drag, dragged out of into transfer drop", .serialized)
struct ChromiumDragTests {
    /// The screen, large enough for Chromium's window beside `transfer`'s.
    static let screen = "800x600x24"

    /// The pages, from the source tree: a page that takes any drop and reports `dragover` and
    /// `drop` (its types, text, URI list and files); a page that drags text, HTML and a type of its
    /// own and reports `dragstart`.
    static func page(_ name: String) throws -> String {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Pages/\(name).html")
        return try String(contentsOf: file, encoding: .utf8)
    }

    struct Dropped: Decodable {
        struct File: Decodable {
            let name: String
            let contents: String
        }
        let types: [String]
        let text: String
        let uriList: String
        let files: [File]
        /// Each type Chromium does not read itself, and its text.
        let custom: [String: String]
    }

    /// Chromium's window: right of `transfer`'s.
    static let chromium = (x: 300, y: 0, width: 400, height: 300)
    /// A point on Chromium's page, and one on `transfer`'s window (150 × 100 at 0, 150).
    static let onPage = (x: 500, y: 200)
    static let onTransfer = (x: 50, y: 200)
    static let transferGeometry = "150x100+0+150"

    /// Runs `xdotool` with `steps`, expecting it to succeed.
    func pointer(_ steps: [String], on server: XvfbServer) async throws {
        let moved = try await DesktopTools.run("xdotool", steps, environment: server.environment, timeout: .seconds(60))
        #expect(moved.status == 0, "\(moved.error)")
    }

    /// Moves from `from` to `to` along y in steps of 20 pixels.
    func moves(from: Int, to: Int, y: Int) -> [String] {
        stride(from: from, through: to, by: from < to ? 20 : -20).flatMap { ["mousemove", "\($0)", "\(y)"] }
    }

    /// Drags from `transfer drag --verbose` (run with `arguments`) onto the drop page: the press,
    /// the moves onto the page; once the page has answered a position (`dragover`), nudges until
    /// the tool says the page's window accepts the drag (its `XdndStatus`: Chromium's first
    /// statuses may refuse, before its renderer has answered), and the release. The page's report
    /// of the drop, and how the drag ended for `transfer`.
    func dragIntoChromium(_ arguments: [String], on server: XvfbServer) async throws -> (
        Dropped, (output: Data, error: String, status: Int32)
    )? {
        guard let page = try ChromiumWindow.start(page: try Self.page("drop"), on: server) else { return nil }
        _ = try await onThread { try page.report("loaded", as: ChromiumWindow.Nothing.self) }
        let drag = try BackgroundProgram(
            transfer, ["drag", "--verbose"] + arguments + ["--geometry", Self.transferGeometry, "--timeout", "120"],
            environment: server.environment)
        defer { drag.stop() }
        try await onThread {
            try waitForWindow(on: server, x: Int16(Self.onPage.x), y: Int16(Self.onPage.y))
            try waitForWindow(on: server, x: Int16(Self.onTransfer.x), y: Int16(Self.onTransfer.y), takingDrops: false)
        }
        let (x, y) = (Self.onTransfer.x, Self.onTransfer.y)
        try await pointer(
            ["mousemove", "\(x)", "\(y)", "mousedown", "1"] + moves(from: x + 10, to: Self.onPage.x, y: y), on: server)
        _ = try await onThread { try page.report("dragover", as: ChromiumWindow.Nothing.self) }
        var accepted = false
        for nudge in 0..<150 where !accepted {
            try await pointer(["mousemove", "\(Self.onPage.x + 1 + nudge % 2)", "\(y + 1)"], on: server)
            accepted = try await onThread {
                (try? drag.line(timeout: .milliseconds(200)) { $0.contains("over a window that would take it") }) != nil
            }
        }
        #expect(accepted, "the page's window never accepted the drag")
        try await pointer(["mouseup", "1"], on: server)
        let dropped = try await onThread { try page.report("drop", as: Dropped.self) }
        return (dropped, drag.finish(timeout: .seconds(150)))
    }

    @Test("a file dragged from transfer drag arrives in the page as a file: its name and its bytes")
    func fileIntoChromium() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer(screen: Self.screen) { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-drag-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("note.txt")
            try Data("hello from transfer ✓\n".utf8).write(to: file)
            guard let (dropped, source) = try await dragIntoChromium([file.path], on: server) else { return }
            #expect(source.status == 0, "\(source.error)")
            #expect(source.error.contains("dropped (copy)"), "\(source.error)")
            // A file: URI in text/uri-list is a file to a page (and hides the list itself).
            #expect(dropped.types == ["Files"])
            #expect(dropped.files.map(\.name) == ["note.txt"])
            #expect(dropped.files.first?.contents == "hello from transfer ✓\n")
        }
    }

    @Test("a model dragged from transfer drag arrives as the text it exports")
    func modelIntoChromium() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer(screen: Self.screen) { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-drag-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let input = directory.appendingPathComponent("ada.json")
            try DropCommandTests.profileJSON.write(to: input)
            guard let (dropped, source) = try await dragIntoChromium(["--model", "Profile", input.path], on: server)
            else { return }
            #expect(source.status == 0, "\(source.error)")
            // Chromium passes a page the types it knows — the profile's text (offered as
            // UTF8_STRING, which Chromium reads as UTF-8) — and those in its list of custom types:
            // the profile as JSON and as CSV. Its own type has no MIME type: a page cannot name it.
            // (Chromium lists the custom types in an order of its own.)
            #expect(Set(dropped.types) == ["text/plain", "application/json", "text/csv"], "\(dropped.types)")
            #expect(dropped.text == "Ada")
            let json = try #require(dropped.custom["application/json"])
            #expect(json.contains(#""name":"Ada""#), "\(json)")
            #expect(dropped.custom["text/csv"]?.hasPrefix("id,name,bio,funFacts,video,portrait") == true)
        }
    }

    /// Drags out of `page` (with `files` beside it) at the page's point into `transfer drop`,
    /// run with `arguments`: the press, moves past Chromium's threshold; once the page has started
    /// its drag, onto transfer's window, released once that window has said it would take the
    /// drag. How `transfer drop` ended.
    func dragOutOfChromium(
        page name: String, files: [String: Data] = [:], into arguments: [String], on server: XvfbServer
    ) async throws -> (output: Data, error: String, status: Int32)? {
        let start = try ChromiumWindow.start(page: try Self.page(name), files: files, on: server)
        guard let page = start else { return nil }
        _ = try await onThread { try page.report("loaded", as: ChromiumWindow.Nothing.self) }
        let drop = try BackgroundProgram(
            transfer,
            ["drop"] + arguments + ["--geometry", Self.transferGeometry, "--timeout", "120", "--verbose"],
            environment: server.environment)
        try await onThread {
            try waitForWindow(on: server, x: Int16(Self.onPage.x), y: Int16(Self.onPage.y))
            try waitForWindow(on: server, x: Int16(Self.onTransfer.x), y: Int16(Self.onTransfer.y))
        }
        let (x, y) = (Self.onPage.x, Self.onPage.y)
        try await pointer(
            ["mousemove", "\(x)", "\(y)", "mousedown", "1"] + moves(from: x - 10, to: x - 50, y: y), on: server)
        _ = try await onThread { try page.report("dragstart", as: ChromiumWindow.Nothing.self) }
        // Chromium's drag has begun once the page hears its own dragenter: a pointer that leaves
        // the page before then (a loaded machine) takes no drag with it. Nudged until it does.
        var entered = false
        for nudge in 1...25 where !entered {
            try await pointer(["mousemove", "\(x - 50 - 4 * (nudge % 3))", "\(y)"], on: server)
            entered =
                (try? await onThread {
                    try page.report("dragenter", as: ChromiumWindow.Nothing.self, timeout: .milliseconds(200))
                }) != nil
        }
        #expect(entered, "the page never heard its own drag enter it")
        try await pointer(moves(from: x - 70, to: Self.onTransfer.x, y: y), on: server)
        // Released once transfer's window has said it would take the drag: Chromium, released
        // over a window before it has answered, leaves it. The moves may have come before
        // Chromium's drag followed the pointer: a nudge, then a wait for the answer, a few times.
        var over = false
        for nudge in 1...5 where !over {
            try await pointer(["mousemove", "\(Self.onTransfer.x + nudge)", "\(y)"], on: server)
            over =
                (try? await onThread {
                    try drop.line(timeout: .seconds(10)) { $0.contains("would take is over it") }
                }) != nil
        }
        #expect(over, "transfer drop never said a drag it would take was over it")
        try await pointer(["mouseup", "1"], on: server)
        return try await onThread { drop.finish() }
    }

    @Test("text dragged out of a page arrives in transfer drop, as UTF-8")
    func textOutOfChromium() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer(screen: Self.screen) { server in
            guard
                let target = try await dragOutOfChromium(
                    page: "drag", into: ["--type", "text/plain"], on: server)
            else { return }
            #expect(target.status == 0, "\(target.error)")
            #expect(target.error.contains("transfer drop: text/plain"), "\(target.error)")
            #expect(String(decoding: target.output, as: UTF8.self) == "Hello from Chromium ☕")
        }
    }

    @Test("an image dragged out of a page arrives in transfer drop --to png byte for byte")
    func imageOutOfChromium() async throws {
        guard DesktopTools.available("xdotool") else { return }
        // A PNG no encoder would write again the same way: an ancillary text chunk before the end.
        var png = try PlaceholderImage(width: 120, height: 90, text: "portrait").pngData()
        let end = png.count - 12
        png.insert(contentsOf: Self.textChunk("Comment", "kept byte for byte"), at: end)
        try await withFreshServer(screen: Self.screen) { server in
            guard
                let target = try await dragOutOfChromium(
                    page: "drag-image", files: ["portrait.png": png], into: ["--to", "png"], on: server)
            else { return }
            #expect(target.status == 0, "\(target.error)")
            // Chromium offers the image as bytes of no type, named portrait.png for Direct Save.
            #expect(target.error.contains("application/octet-stream → public.png"), "\(target.error)")
            #expect(target.output == png, "\(target.output.count) bytes, not the page's \(png.count)")
        }
    }

    /// A PNG `tEXt` chunk: its length, its type, the keyword, a NUL, the text, and its CRC-32.
    static func textChunk(_ keyword: String, _ text: String) -> Data {
        let body = [UInt8]("tEXt".utf8) + [UInt8](keyword.utf8) + [0] + [UInt8](text.utf8)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return Data(bigEndian(UInt32(body.count - 4)) + body + bigEndian(crc))
    }
}

extension ChromiumWindow {
    /// Chromium showing `page`, with `files` beside it, at ``ChromiumDragTests/chromium``'s place.
    static func start(page: String, files: [String: Data] = [:], on server: XvfbServer) throws -> ChromiumWindow? {
        let place = ChromiumDragTests.chromium
        return try start(
            page: page, files: files, x: place.x, y: place.y, width: place.width, height: place.height, on: server)
    }
}
