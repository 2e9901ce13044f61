import Foundation
import Testing
import TransferKit

@testable import TransferClipboard

/// The pictures of `transfer drag` and `transfer drop`: each window shows a tile for each item,
/// its name drawn, read back from the X server with `GetImage` once the tool says its window is
/// up (it draws before it says so, and again at each `Expose`). Skipped, with the reason printed,
/// where Xvfb is absent (`.ci/run` installs it).
@Suite("The drag and drop windows' pictures, on Xvfb", .serialized)
struct WindowPictureTests {
    /// The tiles' colours as a 24-bit TrueColor ZPixmap holds them, least significant byte first
    /// (blue, green, red, unused): the first tile's ink and paper, the second's paper.
    static let firstInk: [UInt8] = [0x55, 0x2F, 0x20, 0]
    static let firstPaper: [UInt8] = [0xF7, 0xEC, 0xE4, 0]
    static let secondPaper: [UInt8] = [0xE4, 0xEE, 0xF7, 0]

    /// How many pixels of `x`s `columns` hold `pixel`, in an image `width` wide.
    func count(_ pixel: [UInt8], in image: ArraySlice<UInt8>, width: Int, columns: Range<Int>) -> Int {
        let bytes = Array(image)
        var found = 0
        for start in stride(from: 0, to: bytes.count - 3, by: 4) where columns.contains((start / 4) % width) {
            if bytes[start..<(start + 4)].elementsEqual(pixel) { found += 1 }
        }
        return found
    }

    /// The pixels of the window at the root's point `x`, `y`, `width` × `height`, once it shows
    /// there (``waitForWindow(on:x:y:takingDrops:)``, which tells a server that lost it).
    func image(
        at x: Int16, _ y: Int16, width: UInt16, height: UInt16, takingDrops: Bool, on server: XvfbServer
    ) throws -> ArraySlice<UInt8> {
        try waitForWindow(on: server, x: x, y: y, takingDrops: takingDrops)
        let connection = try X11Connection(
            display: server.display, environment: server.environment, timeout: .seconds(20))
        let window = try connection.childWindow(of: connection.root, atRoot: x, y, deadline: .now + .seconds(20))
        return try connection.image(of: window, width: width, height: height, deadline: .now + .seconds(20))
    }

    @Test("transfer drop shows its title in a tile")
    func dropWindow() async throws {
        try await withFreshServer { server in
            let drop = try BackgroundProgram(
                transfer, ["drop", "--title", "Drop a PNG", "--geometry", "200x100+10+10", "--timeout", "60"],
                environment: server.environment)
            defer { drop.stop() }
            _ = try await onThread { try drop.line { $0.contains("drop onto the window") } }
            let pixels = try await onThread {
                try image(at: 110, 60, width: 200, height: 100, takingDrops: true, on: server)
            }
            #expect(pixels.count == 200 * 100 * 4)
            let ink = count(Self.firstInk, in: pixels, width: 200, columns: 0..<200)
            let paper = count(Self.firstPaper, in: pixels, width: 200, columns: 0..<200)
            #expect(ink > 100 && paper > 200 * 100 / 2, "\(ink) pixels of ink, \(paper) of paper")
        }
    }

    @Test("transfer drag of two files shows two tiles, side by side, each named")
    func dragWindow() async throws {
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let files = ["one.txt", "two.txt"].map { directory.appendingPathComponent($0) }
            for file in files { try Data("x".utf8).write(to: file) }
            let drag = try BackgroundProgram(
                transfer, ["drag"] + files.map(\.path) + ["--geometry", "300x100+0+0", "--timeout", "60"],
                environment: server.environment)
            defer { drag.stop() }
            _ = try await onThread { try drag.line { $0.contains("drag from the window") } }
            let pixels = try await onThread {
                try image(at: 150, 50, width: 300, height: 100, takingDrops: false, on: server)
            }
            let left = 0..<150
            let right = 150..<300
            #expect(count(Self.firstPaper, in: pixels, width: 300, columns: left) > 150 * 100 / 2)
            #expect(count(Self.firstInk, in: pixels, width: 300, columns: left) > 50)
            #expect(count(Self.secondPaper, in: pixels, width: 300, columns: right) > 150 * 100 / 2)
            #expect(count(Self.firstPaper, in: pixels, width: 300, columns: right) == 0)
        }
    }
}
