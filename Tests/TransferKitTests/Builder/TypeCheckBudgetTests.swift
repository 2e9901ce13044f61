import Foundation
import Testing

@Suite("Type-checking budget")
struct TypeCheckBudgetTests {
    /// Compiles a twelve-representation declaration against the built TransferKit module with
    /// `-warn-long-expression-type-checking=100` and expects no warning: declarations stay fast to
    /// type-check however many representations they list.
    @Test(.timeLimit(.minutes(2)))
    func twelveRepresentationsTypeCheckQuickly() throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "TwelveRepresentations", withExtension: "swift", subdirectory: "Resources"))
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.path) else {
            Issue.record("no Modules directory beside the test runner at \(buildDirectory.path)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path,
            // TransferKit's C helpers, which the module records as a dependency.
            "-Xcc",
            "-fmodule-map-file="
                + buildDirectory.appendingPathComponent("CTransferKitSystem.build/module.modulemap").path,
            "-Xfrontend", "-warn-long-expression-type-checking=100",
            "-Xfrontend", "-warn-long-function-bodies=200",
            fixture.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(!output.contains("warning"), "\(output)")
    }
}
