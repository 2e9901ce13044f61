import Foundation
import Testing
import TransferKit

/// A JPEG photo file.
private struct JPEGFile: Transferable {
    let name: String
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .jpeg) { SentTransferredFile(URL(fileURLWithPath: "/tmp/\($0.name)")) }
    }
}

private struct MovieFile: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .mpeg4Movie) { _ in
            SentTransferredFile(URL(fileURLWithPath: "/tmp/a.mp4"))
        }
    }
}

private struct PDFFile: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .pdf) { _ in SentTransferredFile(URL(fileURLWithPath: "/tmp/a.pdf")) }
    }
}

private struct ZipFile: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .zip) { _ in SentTransferredFile(URL(fileURLWithPath: "/tmp/a.zip")) }
    }
}

private struct TextFile: Transferable {
    let name: String
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .plainText) {
            SentTransferredFile(URL(fileURLWithPath: "/tmp/\($0.name)"))
        }
    }
}

/// The nine shares of the corpus's matrix (its README defines them).
enum CorpusShare {
    static func items(_ id: String) -> [ShareItem]? {
        switch id {
        case "jpeg": [ShareItem(JPEGFile(name: "a.jpg"), label: "photo")]
        case "three-jpegs": (1...3).map { ShareItem(JPEGFile(name: "\($0).jpg"), label: "photo \($0)") }
        case "mp4": [ShareItem(MovieFile(), label: "movie")]
        case "pdf": [ShareItem(PDFFile(), label: "pdf")]
        case "text": [ShareItem("Hello from the corpus", label: "text")]
        case "url": [ShareItem(URL(string: "https://example.com/page")!, label: "link")]
        case "image-text": [ShareItem(JPEGFile(name: "a.jpg"), label: "photo"), ShareItem("A caption", label: "text")]
        case "zip": [ShareItem(ZipFile(), label: "zip")]
        case "two-text-files":
            [ShareItem(TextFile(name: "a.txt"), label: "a.txt"), ShareItem(TextFile(name: "b.txt"), label: "b.txt")]
        default: nil
        }
    }
}

/// One row of `expectations.json`.
struct CorpusExpectation: Decodable, CustomTestStringConvertible {
    let file: String
    let target: String
    let share: String
    let offered: Bool
    let rule: String
    let why: String
    let source: String
    let intentDiffers: Bool?

    var testDescription: String { "\(file)#\(target) × \(share)" }
}

/// The corpus: real declarations from public apps' repositories (see its README for each one's
/// origin and licence), and the matrix of shares derived by hand from the platforms' documentation.
enum ReceiverCorpus {
    static let directory = Bundle.module.url(
        forResource: "ReceiverCorpus", withExtension: nil, subdirectory: "Resources")!

    /// The matrix; a test that cannot read it fails.
    static let expectations: [CorpusExpectation] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("expectations.json")),
            let rows = try? JSONDecoder().decode([CorpusExpectation].self, from: data)
        else { return [] }
        return rows
    }()

    /// Every receiver a declaration file holds.
    static func receivers(in file: String) throws -> [ParsedReceiver] {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        if file.hasPrefix("android/") { return try ReceiverProfile.parse(androidManifest: data) }
        if file.hasPrefix("ios/") { return [try ReceiverProfile.parse(infoPlist: data)] }
        return [try ReceiverProfile.parse(webAppManifest: data)]
    }

    /// The receiver a row names: the extension, the share target, or the activity by its
    /// `android:name` as written.
    static func receiver(_ row: CorpusExpectation) throws -> ReceiverProfile? {
        let all = try receivers(in: row.file)
        if row.file.hasPrefix("android/") { return all.first { $0.profile.aliases.first == row.target }?.profile }
        return all.first?.profile
    }
}

@Suite("Real apps' declarations against shares, as each platform decides")
struct ReceiverCorpusTests {
    @Test("the matrix covers every file, every target and every share")
    func matrixIsComplete() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: ReceiverCorpus.directory.path)
            .filter { $0.contains("/") && !$0.hasSuffix(".md") }
        #expect(files.count >= 17)
        #expect(ReceiverCorpus.expectations.count >= 200, "expectations.json was not read")
        for file in files {
            let rows = ReceiverCorpus.expectations.filter { $0.file == file }
            let targets = Set(rows.map(\.target))
            #expect(rows.count == targets.count * 9, "\(file): \(rows.count) rows for \(targets.count) targets")
            let receivers = try ReceiverCorpus.receivers(in: file)
            if file.hasPrefix("android/") {
                #expect(Set(receivers.compactMap { $0.profile.aliases.first }) == targets, "\(file)")
            }
        }
    }

    @Test("each cell: offered or not, as the platform decides", arguments: ReceiverCorpus.expectations)
    func cell(_ row: CorpusExpectation) throws {
        let receiver = try #require(try ReceiverCorpus.receiver(row), "no target \(row.target) in \(row.file)")
        let items = try #require(CorpusShare.items(row.share))
        let plan = Negotiator().plan(items, for: receiver)
        #expect(
            plan.isOffered == row.offered,
            "\(row.why) [\(row.rule)]\ntrace: \(plan.activation.joined(separator: " | "))")
        // Every decision names its rule and the platform's documentation.
        for step in plan.activationTrace where step.code != .offered {
            #expect(step.rule != nil && step.source != nil, "\(step)")
        }
        if row.intentDiffers == true, row.file.hasPrefix("ios/"), row.offered {
            #expect(
                plan.activationTrace.contains { $0.code == .literalMeaningDiffers }, "no warning: \(plan.activation)")
        }
    }
}
