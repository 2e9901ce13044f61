import Foundation
import Testing
import TransferClipboard
import TransferKit

/// Runs `body` with a Wayland compositor of its own and a clipboard on it; skips where sway or
/// wl-clipboard is absent.
func withWaylandClipboard(
    // Generous: these suites test what travels, not the time-outs (the hostile owners' suites do),
    // and a CI machine of two cores running the whole suite may stall any thread for seconds.
    limits: Clipboard.Limits = Clipboard.Limits(idleTimeout: .seconds(20), timeout: .seconds(60)),
    _ body: (SwayServer, Clipboard) async throws -> Void
) async throws {
    guard let server = try SwayServer.start() else { return }
    let clipboard = try Clipboard(environment: server.environment, limits: limits)
    #expect(clipboard.display == .wayland(server.socket))
    try await body(server, clipboard)
}

@Suite("The Wayland clipboard, against wl-copy and wl-paste on a headless sway", .serialized)
struct WaylandClipboardTests {
    @Test("a model copied in Swift: wl-paste lists every representation and reads each")
    func wlPasteReadsWhatWeCopy() async throws {
        try await withWaylandClipboard { server, clipboard in
            let note = ClipNote(title: "Grüße", body: "ß")
            let ownership = try await clipboard.copy(note)
            defer { ownership.stop() }
            let list = try await DesktopTools.run("wl-paste", ["--list-types"], environment: server.environment)
            let names = String(decoding: list.output, as: UTF8.self).split(separator: "\n").map(String.init)
            // No TARGETS, TIMESTAMP or MULTIPLE: Wayland has none of X11's meta-targets.
            #expect(
                names == [
                    "com.example.clip-note", "application/json", "text/plain;charset=utf-8", "UTF8_STRING",
                    "text/plain", "TEXT", "STRING", "chromium/x-web-custom-data",
                ], "\(list.error)")
            func paste(_ type: String) async throws -> Data {
                try await DesktopTools.run(
                    "wl-paste", ["--no-newline", "--type", type], environment: server.environment
                ).output
            }
            #expect(try JSONDecoder().decode(ClipNote.self, from: try await paste("application/json")) == note)
            #expect(try JSONDecoder().decode(ClipNote.self, from: try await paste("com.example.clip-note")) == note)
            #expect(String(decoding: try await paste("text/plain;charset=utf-8"), as: UTF8.self) == "Grüße")
            #expect(String(decoding: try await paste("UTF8_STRING"), as: UTF8.self) == "Grüße")
            // STRING keeps X11's meaning, Latin-1, as XWayland passes it on to X clients.
            #expect(try await paste("STRING") == Data([0x47, 0x72, 0xFC, 0xDF, 0x65]))
        }
    }

    @Test("what wl-copy copies, pasted into a model, listed with content types, read as bytes")
    func weReadWhatWlCopyCopies() async throws {
        try await withWaylandClipboard { server, clipboard in
            try await afterTakingOver(clipboard) {
                try await DesktopTools.run(
                    "wl-copy", ["--type", "image/png"], input: pngBytes, environment: server.environment, detaches: true
                )
            }
            let types = try await clipboard.types()
            #expect(types.map(\.name) == ["image/png"])
            #expect(types.first?.contentType == .png)
            let photo = try await clipboard.paste(ClipPhoto.self)
            #expect(photo.value.png == pngBytes)
            #expect(photo.type.name == "image/png")
            #expect(photo.negotiation.best?.offer.contentType == .png)
            #expect(try await clipboard.data(for: "image/png") == pngBytes)
            await #expect(throws: ClipboardError.self) { try await clipboard.paste(ClipNote.self) }
            let refused = await #expect(throws: ClipboardError.self) { try await clipboard.data(for: "text/plain") }
            #expect(refused?.code == .typeNotOffered)
            // wl-copy's text: its own five names, pasted as a String.
            try await afterTakingOver(clipboard, offers: { $0.contains { $0.name == "UTF8_STRING" } }) {
                try await DesktopTools.run(
                    "wl-copy", [], input: Data("pasted from wl-copy ✓".utf8), environment: server.environment,
                    detaches: true)
            }
            let text = try await clipboard.paste(String.self)
            #expect(text.value == "pasted from wl-copy ✓")
            #expect(text.type.name == "text/plain")  // wl-copy's first text type
        }
    }

    @Test("the primary selection, apart from the clipboard, both ways")
    func primarySelection() async throws {
        try await withWaylandClipboard { server, clipboard in
            try await afterTakingOver(clipboard, .primary) {
                try await DesktopTools.run(
                    "wl-copy", ["--primary"], input: Data("middle button ✓".utf8), environment: server.environment,
                    detaches: true)
            }
            #expect(try await clipboard.paste(String.self, from: .primary).value == "middle button ✓")
            let empty = await #expect(throws: ClipboardError.self) { try await clipboard.types(in: .clipboard) }
            #expect(empty?.code == .empty)
            let ownership = try await clipboard.copy("selected in Swift", to: .primary)
            defer { ownership.stop() }
            let read = try await DesktopTools.run(
                "wl-paste", ["--primary", "--no-newline"], environment: server.environment)
            #expect(String(decoding: read.output, as: UTF8.self) == "selected in Swift")
        }
    }

    @Test("a file copied: offered as text/uri-list and GNOME's list; pasted back into the model")
    func filesTravelAsURIs() async throws {
        try await withWaylandClipboard { server, clipboard in
            let source = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID()).pdf")
            try Data("%PDF-1.4 test".utf8).write(to: source)
            defer { try? FileManager.default.removeItem(at: source) }
            let ownership = try await clipboard.copy(ClipDocument(file: source))
            let list = try await DesktopTools.run(
                "wl-paste", ["--no-newline", "--type", "text/uri-list"], environment: server.environment)
            let uris = String(decoding: list.output, as: UTF8.self)
            #expect(uris.hasPrefix("file:///") && uris.hasSuffix(".pdf\r\n"), "\(uris)")
            let pasted = try await clipboard.paste(ClipDocument.self)
            #expect(try Data(contentsOf: pasted.value.file) == Data("%PDF-1.4 test".utf8))
            try? FileManager.default.removeItem(at: pasted.value.file)
            ownership.stop()
            await ownership.waitUntilFinished()
        }
    }

    @Test("100 MB both ways through the compositor's pipes, byte for byte")
    func largePayloads() async throws {
        try await withWaylandClipboard { server, clipboard in
            var payload = Data(count: 100_000_000)
            payload.withUnsafeMutableBytes { bytes in
                for index in stride(from: 0, to: bytes.count, by: 4093) { bytes[index] = UInt8(index % 253) }
            }
            let ownership = try await clipboard.copy(payload, as: ["application/octet-stream"])
            let read = try await DesktopTools.run(
                "wl-paste", ["--type", "application/octet-stream"], environment: server.environment,
                timeout: .seconds(120))
            #expect(read.output.count == payload.count)
            #expect(read.output == payload)
            ownership.stop()
            await ownership.waitUntilFinished()
            try await afterTakingOver(clipboard, offers: { $0.contains { $0.name == "application/x-big" } }) {
                try await DesktopTools.run(
                    "wl-copy", ["--type", "application/x-big"], input: payload, environment: server.environment,
                    timeout: .seconds(120), detaches: true)
            }
            #expect(try await clipboard.data(for: "application/x-big") == payload)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("pasted.bin")
            try await clipboard.write("application/x-big", to: file)
            #expect(try Data(contentsOf: file) == payload)
            // A type not offered: a typed error, and no file, whole or partial.
            let notOffered = await #expect(throws: ClipboardError.self) {
                try await clipboard.write("image/png", to: directory.appendingPathComponent("no.png"))
            }
            #expect(notOffered?.code == .typeNotOffered)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pasted.bin"])
        }
    }

    @Test("a paste into a file whose rename fails (a directory there): outputFailed, no temporary file left")
    func failedRenameLeavesNothing() async throws {
        try await withWaylandClipboard { _, clipboard in
            let ownership = try await clipboard.copy(Data(repeating: 0x41, count: 3 << 20), as: ["application/x-blob"])
            defer { ownership.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rename-\(UUID())")
            let target = folder.appendingPathComponent("pasted.bin")
            try FileManager.default.createDirectory(
                at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // The bytes are written to a temporary file beside the target; moving it onto a
            // directory fails at the very end.
            let error = await #expect(throws: ClipboardError.self) {
                try await clipboard.write("application/x-blob", to: target)
            }
            #expect(error?.code == .outputFailed)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pasted.bin"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["inside"])
        }
    }

    @Test("another app's copy ends ours; stop gives the selection up")
    func ownershipEnds() async throws {
        try await withWaylandClipboard { server, clipboard in
            let ownership = try await clipboard.copy("first")
            #expect(ownership.isServing)
            try await DesktopTools.run(
                "wl-copy", [], input: Data("second".utf8), environment: server.environment, detaches: true)
            await ownership.waitUntilFinished()
            #expect(!ownership.isServing)
            #expect(try await clipboard.paste(String.self).value == "second")
            let mine = try await clipboard.copy("third")
            mine.stop()
            await mine.waitUntilFinished()
            let cleared = await #expect(throws: ClipboardError.self) { try await clipboard.types() }
            #expect(cleared?.code == .empty)
        }
    }

    @Test("the environment chooses: Wayland first, X11 without it, neither is an error")
    func displayFromEnvironment() throws {
        #expect(
            ClipboardDisplay(environment: [
                "WAYLAND_DISPLAY": "wayland-3", "XDG_RUNTIME_DIR": "/run/user/7", "DISPLAY": ":0",
            ])
                == .wayland("/run/user/7/wayland-3"))
        #expect(ClipboardDisplay(environment: ["WAYLAND_DISPLAY": "/tmp/w", "DISPLAY": ":0"]) == .wayland("/tmp/w"))
        #expect(ClipboardDisplay(environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ":1"]) == .x11(":1"))
        // A socket name without the directory it lives in names nothing.
        #expect(ClipboardDisplay(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
        #expect(throws: ClipboardError.self) { try Clipboard(environment: [:]) }
    }
}
