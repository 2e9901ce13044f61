public import Foundation

extension SentTransferredFile {
    /// A file written for a test, ready to be returned from an exporter.
    ///
    /// - Parameters:
    ///   - name: The file's name. The default is `fixture.bin`.
    ///   - contents: The file's bytes.
    ///   - directory: Where to write it: a fixture directory the test owns.
    ///   - allowAccessingOriginalFile: Whether receivers may be given the file itself.
    /// - Returns: The file to send.
    /// - Throws: When the file cannot be written.
    public static func fixture(
        named name: String = "fixture.bin",
        contents: Data,
        in directory: URL,
        allowAccessingOriginalFile: Bool = false
    ) throws -> SentTransferredFile {
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return SentTransferredFile(url, allowAccessingOriginalFile: allowAccessingOriginalFile)
    }
}

extension ReceivedTransferredFile {
    /// A file written for a test, ready to be passed to an importer:
    /// `try await importer(.fixture(contents: png, in: directory))`.
    ///
    /// - Parameters:
    ///   - name: The file's name. The default is `fixture.bin`.
    ///   - contents: The file's bytes.
    ///   - directory: Where to write it: a fixture directory the test owns.
    ///   - isOriginalFile: Whether to present it as the sender's original. The default is `false`.
    /// - Returns: The received file.
    /// - Throws: When the file cannot be written.
    public static func fixture(
        named name: String = "fixture.bin",
        contents: Data,
        in directory: URL,
        isOriginalFile: Bool = false
    ) throws -> ReceivedTransferredFile {
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return ReceivedTransferredFile(file: url, isOriginalFile: isOriginalFile)
    }
}
