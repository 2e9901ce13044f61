import Foundation
import Synchronization
import Testing
import TransferClipboard
import TransferKit

extension UTType {
    /// An app's own type without a MIME type: offered under its identifier.
    static let clipNote = UTType(exportedAs: "com.example.clip-note", conformingTo: .data)
}

/// A model with its own type first, then JSON, then its title as text.
struct ClipNote: Codable, Transferable, Equatable {
    var title: String
    var body: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .clipNote)
        CodableRepresentation(contentType: .json)
        ProxyRepresentation(exporting: \.title)
    }
}

/// A caption whose text is offered only when there is some: copied with others, the text names
/// come from the first item that has text.
struct ClipCaption: Codable, Transferable {
    var text: String

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .clipNote)
        ProxyRepresentation(exporting: \.text).exportingCondition { !$0.text.isEmpty }
    }
}

/// A PNG photo, as data.
struct ClipPhoto: Transferable, Equatable {
    var png: Data
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .png) {
            $0.png
        } importing: {
            ClipPhoto(png: $0)
        }
    }
}

/// A document saved as a file.
struct ClipDocument: Transferable {
    var file: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .pdf) {
            SentTransferredFile($0.file)
        } importing: { received in
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("pasted-\(UUID()).pdf")
            try FileManager.default.copyItem(at: received.file, to: copy)
            return ClipDocument(file: copy)
        }
    }
}

let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data((0..<300).map { UInt8($0 % 251) })

/// Waits until another client takes `ownership`'s selection — the server tells the owner (X11's
/// `SelectionClear`, Wayland's `cancelled`), which ends its ownership — for at most `timeout`.
///
/// - Returns: Whether it was taken; `false` when the time ran out (the ownership is then stopped).
func takenOver(_ ownership: ClipboardOwnership, within timeout: Duration = .seconds(60)) async -> Bool {
    let gaveUp = Mutex(false)
    let giveUp = DispatchWorkItem {
        gaveUp.withLock { $0 = true }
        ownership.stop()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout.components.seconds)), execute: giveUp)
    await ownership.waitUntilFinished()
    giveUp.cancel()
    return !gaveUp.withLock { $0 }
}

/// Runs `copy`, which starts a program that takes `selection` and serves it (xclip, xsel and
/// wl-copy fork to serve; `transfer copy --foreground` serves in place), and returns once that
/// program owns it. Not polled: a copy of the test's own holds the selection first, and is told
/// when another client takes it (``takenOver(_:within:)``). The new owner's types are then checked
/// with `offers`; a program that has not taken the selection in 60 seconds is an issue recorded,
/// not a hang (generous: a suite running every test at once on two cores once kept `transfer copy
/// --model` from taking it for over 10 seconds).
@discardableResult
func afterTakingOver<Value>(
    _ clipboard: Clipboard, _ selection: ClipboardSelection = .clipboard,
    offers: ([ClipboardType]) -> Bool = { _ in true }, by copy: () async throws -> Value
) async throws -> Value {
    let held = try await clipboard.copy("held by the test until another client copies", to: selection)
    defer { held.stop() }
    let value = try await copy()
    guard await takenOver(held) else {
        Issue.record("no other client took the \(selection) selection in 60 seconds")
        return value
    }
    let types = try await clipboard.types(in: selection)
    #expect(offers(types), "the new owner offers \(types.map(\.name))")
    return value
}

/// Runs `body` with an X server of its own and a clipboard on it; skips where Xvfb is absent.
func withX11Clipboard(
    // Generous: these suites test what travels, not the time-outs (the hostile owners' suites do),
    // and a CI machine of two cores running the whole suite may stall any thread for seconds.
    limits: Clipboard.Limits = Clipboard.Limits(idleTimeout: .seconds(20), timeout: .seconds(60)),
    _ body: (XvfbServer, Clipboard) async throws -> Void
) async throws {
    guard let server = try XvfbServer.start() else { return }
    try await body(server, try Clipboard(environment: server.environment, limits: limits))
}

@Suite("The X11 clipboard, against xclip and xsel on Xvfb", .serialized)
struct X11ClipboardTests {
    @Test("a model copied in Swift: xclip lists every representation and reads each")
    func xclipReadsWhatWeCopy() async throws {
        guard DesktopTools.available("xclip") else { return }
        try await withX11Clipboard { server, clipboard in
            let note = ClipNote(title: "Grüße", body: "ß")
            let ownership = try await clipboard.copy(note)
            defer { ownership.stop() }
            let targets = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"], environment: server.environment)
            let names = String(decoding: targets.output, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(
                names == [
                    "TARGETS", "TIMESTAMP", "MULTIPLE", "com.example.clip-note", "application/json",
                    "text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT", "STRING",
                    "chromium/x-web-custom-data",
                ], "\(targets.error)")
            let json = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "application/json"], environment: server.environment)
            #expect(try JSONDecoder().decode(ClipNote.self, from: json.output) == note)
            // Chromium's list of custom types, for a web page: the JSON, under its MIME type.
            let custom = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "chromium/x-web-custom-data"],
                environment: server.environment)
            let entries = try #require(chromiumCustomData(custom.output), "\(Array(custom.output))")
            #expect(entries.map(\.type) == ["application/json"])
            #expect(try JSONDecoder().decode(ClipNote.self, from: Data((entries.first?.text ?? "").utf8)) == note)
            let text = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "UTF8_STRING"], environment: server.environment)
            #expect(String(decoding: text.output, as: UTF8.self) == "Grüße")
            // STRING is Latin-1 (ICCCM): ü and ß are one byte each.
            let latin1 = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "STRING"], environment: server.environment)
            #expect(latin1.output == Data([0x47, 0x72, 0xFC, 0xDF, 0x65]))
            let own = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "com.example.clip-note"],
                environment: server.environment)
            #expect(try JSONDecoder().decode(ClipNote.self, from: own.output) == note)
        }
    }

    @Test("xsel reads our text")
    func xselReadsWhatWeCopy() async throws {
        guard DesktopTools.available("xsel") else { return }
        try await withX11Clipboard { server, clipboard in
            let ownership = try await clipboard.copy("copied from Swift ✓")
            defer { ownership.stop() }
            let text = try await DesktopTools.run("xsel", ["--clipboard", "--output"], environment: server.environment)
            #expect(String(decoding: text.output, as: UTF8.self) == "copied from Swift ✓")
        }
    }

    @Test("what xclip copies, pasted into a model and read as bytes")
    func weReadWhatXclipCopies() async throws {
        guard DesktopTools.available("xclip") else { return }
        try await withX11Clipboard { server, clipboard in
            try await afterTakingOver(clipboard) {
                try await DesktopTools.run(
                    "xclip", ["-selection", "clipboard", "-t", "image/png", "-i"], input: pngBytes,
                    environment: server.environment, detaches: true)
            }
            let types = try await clipboard.types()
            #expect(types.map(\.name) == ["image/png"])
            #expect(types.first?.contentType == .png)
            let photo = try await clipboard.paste(ClipPhoto.self)
            #expect(photo.value.png == pngBytes)
            #expect(photo.type.name == "image/png")
            #expect(photo.negotiation.best?.offer.contentType == .png)
            // A model that imports nothing offered: a typed error listing what is.
            await #expect(throws: ClipboardError.self) { try await clipboard.paste(ClipNote.self) }
        }
    }

    @Test("items copied together: the text names come from the first item with text, STRING still Latin-1")
    func textFromALaterItem() async throws {
        guard DesktopTools.available("xclip") else { return }
        try await withX11Clipboard { server, clipboard in
            let ownership = try await clipboard.copy([ClipCaption(text: ""), ClipCaption(text: "Grüße")])
            defer { ownership.stop() }
            func read(_ name: String) async throws -> Data {
                try await DesktopTools.run(
                    "xclip", ["-selection", "clipboard", "-o", "-t", name], environment: server.environment
                ).output
            }
            // The first item's own type, then the second item's text under every text name.
            let own = try JSONDecoder().decode(ClipCaption.self, from: try await read("com.example.clip-note"))
            #expect(own.text == "")
            #expect(String(decoding: try await read("UTF8_STRING"), as: UTF8.self) == "Grüße")
            #expect(try await read("STRING") == Data([0x47, 0x72, 0xFC, 0xDF, 0x65]))
        }
    }

    @Test("text xsel copies, pasted as a String; the primary selection apart from the clipboard")
    func weReadWhatXselCopies() async throws {
        guard DesktopTools.available("xsel") else { return }
        try await withX11Clipboard { server, clipboard in
            try await afterTakingOver(clipboard, .primary) {
                try await DesktopTools.run(
                    // xsel answers TEXT as UTF-8 only in a UTF-8 locale; in C, it cuts at the first other byte.
                    "xsel", ["--primary", "--input"], input: Data("middle button ✓".utf8),
                    environment: server.environment.merging(["LC_ALL": "C.UTF-8"]) { $1 }, detaches: true)
            }
            let pasted = try await clipboard.paste(String.self, from: .primary)
            #expect(pasted.value == "middle button ✓")
            // xsel offers TEXT and STRING: TEXT answered as UTF8_STRING (or STRING, in Latin-1),
            // decoded either way.
            #expect(["TEXT", "STRING", "UTF8_STRING"].contains(pasted.type.name))
            await #expect(throws: ClipboardError.self) { try await clipboard.types(in: .clipboard) }
        }
    }

    @Test("a file copied: offered as text/uri-list and GNOME's list; pasted back into the model")
    func filesTravelAsURIs() async throws {
        guard DesktopTools.available("xclip") else { return }
        try await withX11Clipboard { server, clipboard in
            let source = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID()).pdf")
            try Data("%PDF-1.4 test".utf8).write(to: source)
            defer { try? FileManager.default.removeItem(at: source) }
            let ownership = try await clipboard.copy(ClipDocument(file: source))
            let list = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "text/uri-list"], environment: server.environment)
            let uris = String(decoding: list.output, as: UTF8.self)
            #expect(uris.hasPrefix("file:///") && uris.hasSuffix(".pdf\r\n"), "\(uris)")
            let gnome = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "x-special/gnome-copied-files"],
                environment: server.environment)
            #expect(String(decoding: gnome.output, as: UTF8.self).hasPrefix("copy\nfile:///"))
            let pasted = try await clipboard.paste(ClipDocument.self)
            #expect(try Data(contentsOf: pasted.value.file) == Data("%PDF-1.4 test".utf8))
            try? FileManager.default.removeItem(at: pasted.value.file)
            ownership.stop()
            await ownership.waitUntilFinished()
        }
    }

    @Test("100 MB both ways through INCR, byte for byte")
    func largePayloadsUseINCR() async throws {
        guard DesktopTools.available("xclip") else { return }
        try await withX11Clipboard { server, clipboard in
            var payload = Data(count: 100_000_000)
            payload.withUnsafeMutableBytes { bytes in
                for index in stride(from: 0, to: bytes.count, by: 4093) { bytes[index] = UInt8(index % 253) }
            }
            let ownership = try await clipboard.copy(payload, as: ["application/octet-stream"])
            let read = try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-o", "-t", "application/octet-stream"],
                environment: server.environment, timeout: .seconds(120))
            #expect(read.output.count == payload.count)
            #expect(read.output == payload)
            ownership.stop()
            await ownership.waitUntilFinished()
            try await afterTakingOver(clipboard) {
                try await DesktopTools.run(
                    "xclip", ["-selection", "clipboard", "-t", "application/x-big", "-i"], input: payload,
                    environment: server.environment, timeout: .seconds(120), detaches: true)
            }
            let back = try await clipboard.data(for: "application/x-big")
            #expect(back == payload)
            // Streamed into a file, chunk by chunk; the file appears whole, nothing else beside it.
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("pasted.bin")
            try await clipboard.write("application/x-big", to: file)
            #expect(try Data(contentsOf: file) == payload)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pasted.bin"])
            let nowhere = directory.appendingPathComponent("missing/pasted.bin")
            let refused = await #expect(throws: ClipboardError.self) {
                try await clipboard.write("application/x-big", to: nowhere)
            }
            #expect(refused?.code == .outputFailed)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pasted.bin"])
        }
    }

    @Test("another app's copy ends ours; stop gives the selection up")
    func ownershipEnds() async throws {
        guard DesktopTools.available("xclip") else { return }
        try await withX11Clipboard { server, clipboard in
            let ownership = try await clipboard.copy("first")
            #expect(ownership.isServing)
            try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-i"], input: Data("second".utf8), environment: server.environment,
                detaches: true)
            #expect(await takenOver(ownership), "xclip never took the selection")
            #expect(!ownership.isServing)
            #expect(try await clipboard.paste(String.self).value == "second")
        }
    }
}

/// The entries of Chromium's `chromium/x-web-custom-data`, read as Chromium's `base::Pickle` lays
/// them out (little-endian here): the payload's size, the count, then each type and text as a
/// length in UTF-16 units, the units, and padding to four bytes; `nil` when the bytes are not that.
func chromiumCustomData(_ data: Data) -> [(type: String, text: String)]? {
    let bytes = [UInt8](data)
    var offset = 0
    func word() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
    func string() -> String? {
        guard let length = word().map(Int.init), offset + 2 * length <= bytes.count else { return nil }
        let units = (0..<length).map { UInt16(bytes[offset + 2 * $0]) | UInt16(bytes[offset + 2 * $0 + 1]) << 8 }
        offset += (2 * length + 3) / 4 * 4
        return String(decoding: units, as: UTF16.self)
    }
    guard let size = word(), Int(size) == bytes.count - 4, let count = word() else { return nil }
    var entries: [(type: String, text: String)] = []
    for _ in 0..<count {
        guard let type = string(), let text = string() else { return nil }
        entries.append((type, text))
    }
    return offset == bytes.count ? entries : nil
}
