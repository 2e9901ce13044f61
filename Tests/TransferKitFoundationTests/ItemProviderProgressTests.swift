import Foundation
import Synchronization
import Testing
import TransferKitFoundation

@Suite("NSItemProvider's completion-handler loads, each with a Progress")
struct ItemProviderProgressTests {
    let png = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])

    /// Waits for a completion handler's arguments.
    func completion<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Progress) async -> (
        Value, Progress
    ) {
        let progress = Mutex<Progress?>(nil)
        let value = await withCheckedContinuation { continuation in
            let started = start { continuation.resume(returning: $0) }
            progress.withLock { $0 = started }
        }
        return (value, progress.withLock { $0! })
    }

    @Test("bytes by content type; the progress has counted to 100 when the handler is called")
    func data() async throws {
        let provider = NSItemProvider()
        let png = png
        provider.registerDataRepresentation(for: .png) { png }
        let ((data, error), progress) = await completion { done in
            provider.loadDataRepresentation(for: .image) { data, error in done((data, error.map { "\($0)" })) }
        }
        #expect(data == png && error == nil)
        #expect(progress.completedUnitCount == 100 && progress.totalUnitCount == 100)
    }

    @Test("a Transferable value; a type it cannot import is an error in the Result")
    func transferable() async throws {
        let provider = NSItemProvider()
        provider.register("text")
        let (loaded, progress) = await completion { done in
            provider.loadTransferable(type: String.self) { done($0.map { $0 }.mapError { $0 as NSError }) }
        }
        #expect(try loaded.get() == "text")
        // Done when the handler is called, though the load reports no progress of its own.
        #expect(progress.completedUnitCount == 100)
        let (failed, _) = await completion { done in
            provider.loadTransferable(type: URL.self) { result in
                done(result.map { _ in true }.mapError { $0 as NSError })
            }
        }
        #expect(throws: (any Error).self) { try failed.get() }
    }

    @Test("cancelling the progress cancels the load: the handler hears cancelled, long before the load would end")
    func cancellation() async {
        let provider = NSItemProvider()
        provider.registerDataRepresentation(for: .png) {
            try await Task.sleep(for: .seconds(120))
            return Data()
        }
        let (error, _) = await completion { done in
            let progress = provider.loadDataRepresentation(for: .png) { _, error in done(error as? TransferError) }
            progress.cancel()
            return progress
        }
        // Had the cancellation not reached the load, it would have ended after two minutes with
        // bytes and no error. (How soon it arrives depends on how busy the process's threads are:
        // 8 s and 100 s were seen with the whole suite running on two cores.)
        #expect(error?.code == .cancelled)
    }

    @Test("a file: a copy that exists while the handler runs and is gone after; in place when asked and registered so")
    func files() async throws {
        let original = FileManager.default.temporaryDirectory.appendingPathComponent("provider-\(UUID()).png")
        try png.write(to: original)
        defer { try? FileManager.default.removeItem(at: original) }
        let provider = NSItemProvider()
        provider.registerFileRepresentation(for: .png, openInPlace: true) { original }
        let seen = Mutex<(url: URL?, existed: Bool, inPlace: Bool)>((nil, false, false))
        _ = await completion { done in
            provider.loadFileRepresentation(for: .png) { url, inPlace, _ in
                seen.withLock {
                    $0 = (url, url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false, inPlace)
                }
                done(true)
            }
        }
        let copy = try #require(seen.withLock { $0.url })
        #expect(copy != original && seen.withLock { $0.existed } && !seen.withLock { $0.inPlace })
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(FileManager.default.fileExists(atPath: original.path))
        let (inPlace, _) = await completion { done in
            provider.loadInPlaceFileRepresentation(forTypeIdentifier: "public.png") { url, inPlace, _ in
                done((url, inPlace))
            }
        }
        #expect(inPlace.0 == original && inPlace.1)
        let (unknown, _) = await completion { done in
            provider.loadFileRepresentation(forTypeIdentifier: "not a type") { url, error in
                done(url == nil && error != nil)
            }
        }
        #expect(unknown)
        let (unknownInPlace, _) = await completion { done in
            provider.loadInPlaceFileRepresentation(forTypeIdentifier: "not a type") { url, inPlace, error in
                done(url == nil && !inPlace && error != nil)
            }
        }
        #expect(unknownInPlace)
    }
}
