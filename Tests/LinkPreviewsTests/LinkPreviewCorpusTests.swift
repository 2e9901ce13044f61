import Foundation
import LinkPreviews
import Testing

/// The pages of `Resources/Corpus`, each read as the URL `expected.json` gives, every field compared.
@Suite("The link-preview corpus: microdata, creative works in JSON-LD, dates as pages write them")
struct LinkPreviewCorpusTests {
    struct Expected: Decodable, Sendable {
        let url: String
        let title: String?
        let summary: String?
        let siteName: String?
        let author: String?
        let publishedDate: String?
        let image: String?
        let type: String?
    }

    static let directory =
        Bundle.module.url(forResource: "expected", withExtension: "json", subdirectory: "Resources/Corpus")!
        .deletingLastPathComponent()

    static let expected: [String: Expected] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("expected.json")) else { return [:] }
        return (try? JSONDecoder().decode([String: Expected].self, from: data)) ?? [:]
    }()

    @Test("the corpus is there: seven pages, each with its expectations")
    func corpus() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter {
            $0.hasSuffix(".html")
        }
        #expect(Set(pages) == Set(Self.expected.keys))
        #expect(pages.count == 7)
    }

    @Test("each page's fields", arguments: expected.keys.sorted())
    func page(_ name: String) throws {
        let expected = try #require(Self.expected[name])
        let html = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        let metadata = try LinkMetadata(html: html, url: URL(string: expected.url)!)
        #expect(metadata.title == expected.title)
        #expect(metadata.summary == expected.summary)
        #expect(metadata.siteName == expected.siteName)
        #expect(metadata.author == expected.author)
        #expect(metadata.publishedDate.map { $0.formatted(.iso8601) } == expected.publishedDate)
        #expect(metadata.images.first?.url.absoluteString == expected.image)
        #expect(metadata.type == expected.type)
    }
}
