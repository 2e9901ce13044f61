import Dispatch
import Synchronization
import TransferKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a copy offers: the target names, in order, and the bytes of each, exported when a client
/// first asks for it and kept for the next.
///
/// The targets come from the items' representations (``ClipboardTypeMapping``): every exported
/// type of the first item, under its names; `text/uri-list` and `x-special/gnome-copied-files`
/// when items export files, listing each item's file; the text names from the first item with a
/// plain-text representation; and, last, `chromium/x-web-custom-data` with the first item's
/// text-based representations that have a MIME type Chromium does not read itself (JSON, CSV), so
/// that a web page can take them. Files are exported into a directory of the content's own,
/// removed by ``close()``.
final class ClipboardContent: Sendable {
    enum Source: Sendable {
        /// An item's representation, through its data form; `latin1` for `STRING`.
        case offer(item: Int, offer: Offer, latin1: Bool)
        /// The items' files as a list.
        case files(gnome: Bool)
        /// Bytes given as they are.
        case bytes(Data)
        /// Bytes copied into sealed memory, served from it.
        case snapshot(ClipboardSnapshot)
        /// An item's text-based representations, each under its MIME type, in Chromium's list of
        /// types a page can read (``ChromiumWebCustomData``).
        case webCustomData(item: Int, offers: [(mimeType: String, offer: Offer)])
    }

    /// The target names, in the order offered.
    let targets: [String]
    private let sources: [String: Source]
    private let items: [ShareItem]
    /// The private directory the items' files are exported into, made on the first export.
    private let directory = Mutex<URL?>(nil)
    private let cache = Mutex<[String: Result<Data, ClipboardError>]>([:])
    private let exportedFiles = Mutex<[URL]?>(nil)
    /// Where the exports run: this content's own thread, so that one copy's slow export never
    /// delays another's answer.
    private let executor = ClipboardExecutor()

    /// The content of `items`, each exported lazily.
    init(items: [ShareItem]) throws(ClipboardError) {
        if let error = items.lazy.compactMap(\.flatteningError).first {
            throw ClipboardError(.transferFailed, "cannot copy: \(error)")
        }
        var targets: [String] = []
        var sources: [String: Source] = [:]
        func add(_ name: String, _ source: Source) {
            guard sources[name] == nil else { return }
            targets.append(name)
            sources[name] = source
        }
        let offers = items.map { $0.offers.filter { $0.isExportable && $0.visibility.isVisible(at: .all) } }
        for offer in offers.first ?? [] where offer.form == .data {
            for name in ClipboardTypeMapping.names(for: offer.contentType) {
                add(name, .offer(item: 0, offer: offer, latin1: name == "STRING"))
            }
        }
        if offers.contains(where: { $0.first?.form == .file }) {
            add(ClipboardTypeMapping.uriList, .files(gnome: false))
            add(ClipboardTypeMapping.gnomeCopiedFiles, .files(gnome: true))
        }
        if let (index, text) = offers.enumerated().lazy.compactMap({ index, offers in
            offers.first { $0.form == .data && $0.contentType.conforms(to: .plainText) }.map { (index, $0) }
        }).first {
            for name in ClipboardTypeMapping.textNames {
                add(name, .offer(item: index, offer: text, latin1: name == "STRING"))
            }
        }
        let webTypes = (offers.first ?? []).compactMap { offer -> (mimeType: String, offer: Offer)? in
            guard offer.form == .data, offer.contentType.conforms(to: .text),
                let type = offer.contentType.preferredMIMEType, !ChromiumWebCustomData.isReadByChromium(type)
            else { return nil }
            return (type, offer)
        }
        if !webTypes.isEmpty { add(ChromiumWebCustomData.name, .webCustomData(item: 0, offers: webTypes)) }
        guard !targets.isEmpty else {
            throw ClipboardError(.transferFailed, "cannot copy: the items export no representation")
        }
        self.targets = targets
        self.sources = sources
        self.items = items
    }

    /// Content of bytes given as they are, under `names` in order.
    init(bytes: Data, names: [String]) {
        targets = names
        sources = Dictionary(names.map { ($0, Source.bytes(bytes)) }, uniquingKeysWith: { first, _ in first })
        items = []
    }

    /// Content of a snapshot's bytes under `names` in order.
    init(snapshot: ClipboardSnapshot, names: [String]) {
        targets = names
        sources = Dictionary(names.map { ($0, Source.snapshot(snapshot)) }, uniquingKeysWith: { first, _ in first })
        items = []
    }

    deinit { close() }

    /// The snapshot `target` is served from, when it is one: a reader's pipe gets it spliced.
    func snapshot(for target: String) -> ClipboardSnapshot? {
        if case .snapshot(let snapshot)? = sources[target] { snapshot } else { nil }
    }

    /// Removes the exported files.
    func close() {
        if let directory = directory.withLock({ $0.take() }) { TemporaryDirectory.remove(directory) }
    }

    /// The bytes of `target`, exported on the first call. Blocks the calling thread, which must
    /// not be one of Swift concurrency's.
    func bytes(for target: String) -> Result<Data, ClipboardError> {
        if let cached = cache.withLock({ $0[target] }) { return cached }
        guard let source = sources[target] else {
            return .failure(ClipboardError(.typeNotOffered, "\(target) is not offered"))
        }
        let result: Result<Data, ClipboardError>
        switch source {
        case .bytes(let bytes):
            result = .success(bytes)
        case .snapshot(let snapshot):
            result = .success(snapshot.bytes)
        case .offer(let index, let offer, let latin1):
            let item = items[index]
            result = runBlocking {
                try await item.withPayload(for: offer) { payload in
                    guard let data = payload.data else {
                        throw ClipboardError(
                            .transferFailed, "\(item.label) gave no bytes for \(offer.contentType.identifier)")
                    }
                    return latin1 ? Data(ClipboardTypeMapping.latin1([UInt8](data))) : data
                }
            }
        case .webCustomData(let index, let offers):
            let item = items[index]
            result = runBlocking {
                var entries: [(type: String, text: String)] = []
                for (type, offer) in offers {
                    let text = try await item.withPayload(for: offer) { payload in
                        payload.data.map { String(decoding: $0, as: UTF8.self) }
                    }
                    if let text { entries.append((type, text)) }
                }
                return ChromiumWebCustomData.pickle(entries)
            }
        case .files(let gnome):
            result = files().map {
                Data(gnome ? ClipboardTypeMapping.gnomeCopiedFiles($0) : ClipboardTypeMapping.uriList($0))
            }
        }
        cache.withLock { $0[target] = result }
        return result
    }

    /// Every item's file, exported once: the sender's original where it allows it, else a copy in the
    /// content's directory.
    private func files() -> Result<[URL], ClipboardError> {
        if let files = exportedFiles.withLock({ $0 }) { return .success(files) }
        let items = items
        let result = runBlocking { () async throws -> [URL] in
            var files: [URL] = []
            for (index, item) in items.enumerated() {
                guard let offer = item.offers.first(where: { $0.isExportable }), offer.form == .file else { continue }
                let kept = try await item.withPayload(for: offer) { payload -> URL in
                    guard let file = payload.fileURL else {
                        throw ClipboardError(.transferFailed, "\(item.label) gave no file")
                    }
                    // The sender's own file (allowAccessingOriginalFile) is listed where it is, as a
                    // file manager lists what it copies, and no directory is made for it; a file made
                    // for the export is kept in the content's own.
                    if payload.isOriginalFile { return file }
                    let folder = try self.exportDirectory().appendingPathComponent("\(index)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let copy = folder.appendingPathComponent(file.lastPathComponent)
                    try FileManager.default.copyItem(at: file, to: copy)
                    return copy
                }
                files.append(kept)
            }
            return files
        }
        if case .success(let files) = result { exportedFiles.withLock { $0 = files } }
        return result
    }

    /// The content's private directory for exported files, made the first time one is needed:
    /// TransferKit's private directories, mode 0700, removed by a tool a signal stops.
    private func exportDirectory() throws -> URL {
        try directory.withLock { made in
            if let made { return made }
            let new = try TemporaryDirectory.make()
            made = new
            return new
        }
    }

    /// Runs `body` on the content's own executor and waits for it on this thread.
    private func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value)
        -> Result<Value, ClipboardError>
    {
        let outcome = Mutex<Result<Value, ClipboardError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let result: Result<Value, ClipboardError>
            do {
                result = .success(try await body())
            } catch let error as ClipboardError {
                result = .failure(error)
            } catch {
                result = .failure(ClipboardError(.transferFailed, "export failed: \(error)"))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0! }
    }
}
