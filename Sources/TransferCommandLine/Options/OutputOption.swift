import Foundation
import TransferSupport

/// `-o FILE` or `--output FILE`: where a command writes, whole or not at all, instead of standard
/// output.
enum OutputOption {
    /// `-o, --output FILE`.
    static let option = OptionDeclaration.value(
        "output", "FILE", alias: "o", help: "Write FILE (whole or not at all) instead of standard output.")

    /// Writes `bytes` to `output` whole or not at all (a temporary file renamed into place), or to
    /// standard output when there is none: where every command that holds its output in memory
    /// (`paste`, `drop`, `placeholder`) writes it. A conversion streams into its own `AtomicFile`
    /// instead (`ConvertCommand`).
    ///
    /// - Throws: ``ToolError`` 73 when the file cannot be written; for standard output, what the
    ///   console's `send` throws.
    static func write(_ bytes: Data, to output: String?, console: Console) throws {
        guard let output else {
            try console.send(bytes)
            return
        }
        do throws(CocoaError) {
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: output))
        } catch {
            throw ToolError(.cannotCreate, "\(output): cannot be written (\(error.fileSystemReason))")
        }
    }
}
