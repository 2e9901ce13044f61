import Foundation
import Testing
import TransferKit

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func thousandConcurrentExportsAndImports() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    let note = Note(title: "n\(index)", body: String(repeating: "x", count: index % 50))
                    switch index % 4 {
                    case 0:
                        let json = try await note.exported(as: .testNote)
                        return try await Note(importing: json, contentType: .testNote) == note
                    case 1:
                        return try await note.exported(as: .plainText) == Data(note.title.utf8)
                    case 2:
                        let text = try await note.withExportedFile(contentType: .plainText) { url in
                            try String(contentsOf: url, encoding: .utf8)
                        }
                        return text == note.title
                    default:
                        let document = try await Document(importing: Data(note.title.utf8), contentType: .plainText)
                        return document.text == note.title
                    }
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 1000)
        #expect(results.allSatisfy { $0 })
    }
}
