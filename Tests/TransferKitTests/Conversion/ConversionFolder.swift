import Foundation

/// A folder for one conversion test's files, removed by `remove()`.
struct ConversionFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("conversion-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes a file of the folder.
    func file(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    /// Writes a file of the folder, from text.
    func file(_ name: String, _ text: String) throws -> URL {
        try file(name, Data(text.utf8))
    }

    /// The names of the folder's files, sorted.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
