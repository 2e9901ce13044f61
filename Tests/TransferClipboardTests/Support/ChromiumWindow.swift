import Foundation

@testable import TransferClipboard

/// Chromium on a test's X server, showing one page in a window of its own (`--app`), with what the
/// page's script reports read from Chromium's standard error as it comes: a line the script logs
/// as `REPORT <name> <base64 of JSON>` (Chromium prints `console.log` there with
/// `--enable-logging=stderr`). Stopped, its processes and profile removed, at the end.
///
/// `--test-type` keeps Chromium from showing its bar about `--no-sandbox` (which a root user
/// needs) above the page: the page fills the window.
final class ChromiumWindow: Sendable {
    private let program: BackgroundProgram
    private let directory: URL

    /// Starts Chromium on `server` with `page` (HTML, beside it `files`: names and bytes) in a
    /// window at `x`, `y` of `width` × `height`; `nil` where Chromium is not installed (said by ``DesktopTools/available(_:)``).
    static func start(
        page: String, files: [String: Data] = [:], x: Int, y: Int, width: Int, height: Int, on server: XvfbServer
    ) throws -> ChromiumWindow? {
        try start(
            page: page, files: files, platform: "x11", x: x, y: y, width: width, height: height,
            environment: server.environment)
    }

    /// Starts Chromium with `page` (and `files`) as a Wayland client of `server`, which places its
    /// window; `nil` where Chromium is not installed.
    static func start(page: String, files: [String: Data] = [:], on server: SwayServer) throws -> ChromiumWindow? {
        try start(
            page: page, files: files, platform: "wayland", x: 0, y: 0, width: 600, height: 600,
            environment: server.environment)
    }

    private static func start(
        page: String, files: [String: Data], platform: String, x: Int, y: Int, width: Int, height: Int,
        environment: [String: String]
    ) throws -> ChromiumWindow? {
        guard DesktopTools.available("chromium") else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("page.html")
        try Data(page.utf8).write(to: file)
        for (name, contents) in files { try contents.write(to: directory.appendingPathComponent(name)) }
        let arguments = [
            "--no-sandbox", "--test-type", "--ozone-platform=\(platform)", "--user-data-dir=\(directory.path)/profile",
            "--no-first-run",
            "--disable-gpu", "--enable-logging=stderr", "--log-level=0", "--disable-backgrounding-occluded-windows",
            "--disable-renderer-backgrounding", "--window-position=\(x),\(y)", "--window-size=\(width),\(height)",
            // Nothing in the background: a suite running every test at once on two cores has no
            // time to spare for Chromium's updates, sync and translation.
            "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
            "--disable-extensions", "--disable-sync", "--no-default-browser-check",
            "--disable-features=Translate,MediaRouter,OptimizationHints",
            "--app=\(file.absoluteString)",
        ]
        let program = try BackgroundProgram("chromium", arguments, environment: environment, ownGroup: true)
        return ChromiumWindow(program: program, directory: directory)
    }

    private init(program: BackgroundProgram, directory: URL) {
        self.program = program
        self.directory = directory
    }

    /// The value of the first report named `name` after the `skipping` first ones, decoded;
    /// waits for it until `timeout` has passed, woken by each line Chromium writes.
    func report<Value: Decodable>(
        _ name: String, as type: Value.Type, skipping: Int = 0, timeout: Duration = .seconds(60)
    ) throws -> Value {
        let marker = "REPORT \(name) "
        var from = 0
        for _ in 0...skipping {
            from = try program.line(from: from, timeout: timeout) { $0.contains(marker) }.index + 1
        }
        let line = try program.line(from: from - 1, timeout: timeout) { $0.contains(marker) }.line
        let encoded = line[line.range(of: marker)!.upperBound...].prefix { $0 != "\"" }
        guard let value = Data(base64Encoded: String(encoded)) else {
            throw Unreadable(description: "the report '\(name)' is not base64: \(line)")
        }
        return try JSONDecoder().decode(Value.self, from: value)
    }

    /// How many reports named `name` the page has made so far.
    func reports(_ name: String) -> Int {
        program.count { $0.contains("REPORT \(name) ") }
    }

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// An empty report's value.
    struct Nothing: Decodable {}

    deinit {
        program.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
