import Foundation
import Synchronization
import Testing
import TransferKit
import TransferKitTesting

/// Counts how many times items are built.
final class BuildCounter: Sendable {
    private let count = Mutex(0)
    func next() -> Int {
        count.withLock {
            $0 += 1; return $0
        }
    }
    var value: Int { count.withLock { $0 } }
}

@Suite("ItemProvider")
struct ItemProviderTests {
    @Test func registersLazilyAndBuildsOnce() async throws {
        let counter = BuildCounter()
        let provider = ItemProvider()
        provider.register(
            { () -> Note in
                _ = counter.next(); return Note(title: "t", body: "b")
            }())
        #expect(counter.value == 0)
        // Listing types evaluates exporting conditions, which needs the item.
        #expect(provider.registeredContentTypes == [.testNote, .html, .utf8PlainText])
        #expect(counter.value == 1)
        _ = try await provider.loadData(for: .plainText)
        _ = try await provider.loadData(for: .html)
        #expect(counter.value == 1)
    }

    @Test func honoursConditionsAndVisibility() {
        let hidden = ItemProvider(Note(title: "t", body: "b", isPrivate: true))
        #expect(hidden.registeredContentTypes == [.testNote, .utf8PlainText])
        let report = ItemProvider(Report(title: "r"))
        #expect(report.registeredContentTypes == [.pdf, .utf8PlainText])
        let own = ItemProvider(Report(title: "r"), audience: .ownProcess)
        #expect(own.registeredContentTypes == [.pdf, .html, .json, .utf8PlainText])
        #expect(report.hasRepresentation(conformingTo: .text))
        #expect(!report.hasRepresentation(conformingTo: .html))
        #expect(own.hasRepresentation(conformingTo: .html))
        #expect(!report.hasRepresentation(conformingTo: .image))
    }

    @Test func loadsDataThroughTheFirstConformingRepresentation() async throws {
        let provider = ItemProvider(Note(title: "Title", body: "b"))
        #expect(try await provider.loadData(for: .plainText) == Data("Title".utf8))
        let json = try await provider.loadData(for: .json)
        #expect(try JSONDecoder().decode(Note.self, from: json).title == "Title")
        await #expect {
            try await provider.loadData(for: .png)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .noMatchingRepresentation
                && error.reason.contains("registered: org.transferkit.test.note")
        }
    }

    @Test func loadedFilesExistOnlyInsideTheHandler() async throws {
        let provider = ItemProvider(Note(title: "Title", body: "b"))
        let url = try await provider.loadFile(for: .plainText) { (url: URL) throws -> URL in
            #expect(FileManager.default.fileExists(atPath: url.path))
            #expect(try String(contentsOf: url, encoding: .utf8) == "Title")
            return url
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
    }

    @Test func dataAndFileLoadersPerContentType() async throws {
        try await withTemporaryDirectory { directory in
            let file = try file("clip.mov", in: directory, contents: "frames")
            let provider = ItemProvider()
            provider.registerFileRepresentation(for: .quickTimeMovie) { file }
            provider.registerDataRepresentation(for: .png) { Data([0x89, 0x50]) }
            provider.suggestedName = "Clip"
            #expect(provider.registeredContentTypes == [.quickTimeMovie, .png])
            #expect(provider.suggestedName == "Clip")
            #expect(try await provider.loadData(for: .movie) == Data("frames".utf8))
            #expect(try await provider.loadData(for: .image) == Data([0x89, 0x50]))
            let copy = try await provider.loadFile(for: .movie) { (url: URL) throws -> URL in
                #expect(url != file)
                return url
            }
            #expect(!FileManager.default.fileExists(atPath: copy.path))
            #expect(FileManager.default.fileExists(atPath: file.path))
            let pngFile = try await provider.loadFile(for: .png) { (url: URL) throws -> String in
                #expect(try Data(contentsOf: url) == Data([0x89, 0x50]))
                return url.pathExtension
            }
            #expect(pngFile == "png")
        }
    }

    @Test func loadsTransferableValues() async throws {
        let note = Note(title: "n", body: "b")
        #expect(try await ItemProvider(note).loadTransferable(type: Note.self) == note)
        #expect(try await ItemProvider(note).loadTransferable(type: String.self) == "n")
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Data("typed".utf8) }
        #expect(try await provider.loadTransferable(type: String.self) == "typed")
        #expect(try await provider.loadTransferable(type: Data.self) == Data("typed".utf8))
        await #expect(throws: TransferError.self) { try await provider.loadTransferable(type: URL.self) }
    }

    @Test func suggestsTheItemsFileName() {
        #expect(ItemProvider(Report(title: "Q3")).suggestedName == "Q3.pdf")
    }

    @Test func progressReachesOne() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("big.bin")
            try Data(repeating: 7, count: 20 << 20).write(to: file)
            let provider = ItemProvider()
            provider.registerFileRepresentation(for: .data) { file }
            let progress = TransferProgress()
            let fractions = Recorder<Double>()
            let watcher = Task { for await fraction in progress.updates { fractions.record(fraction) } }
            let data = try await provider.loadData(for: .data, progress: progress)
            await watcher.value
            #expect(data.count == 20 << 20)
            #expect(progress.fractionCompleted == 1)
            #expect(progress.isFinished)
            #expect(fractions.all.last == 1)
            #expect(fractions.all == fractions.all.sorted())
            let fileProgress = TransferProgress()
            try await provider.loadFile(for: .data, progress: fileProgress) { _ in }
            #expect(fileProgress.completedUnitCount == 20 << 20)
        }
    }

    #if os(Linux)
        @Test func readsAFileWhoseSizeIsUnknown() async throws {
            // procfs reports a size of 0: the whole content is still read, past the expected size.
            let file = URL(fileURLWithPath: "/proc/self/maps")
            let provider = ItemProvider()
            provider.registerFileRepresentation(for: .data) { file }
            let data = try await provider.loadData(for: .data, progress: TransferProgress())
            #expect(data.count > 4096)
            #expect(String(decoding: data, as: UTF8.self).hasSuffix("\n"))
            #expect(String(decoding: data, as: UTF8.self).contains("[stack]"))
        }
    #endif

    @Test func shareItemsComeFromRegistrations() throws {
        let provider = ItemProvider(ScenarioPhoto(file: URL(fileURLWithPath: "/tmp/x.png")))
        let plan = Negotiator().plan([provider.shareItem(label: "photo")], for: try ReceiverProfile.named("Mastodon"))
        #expect(plan.items[0].delivered?.offer.form == .data)
    }
}
