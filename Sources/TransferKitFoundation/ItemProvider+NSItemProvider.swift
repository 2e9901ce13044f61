public import Foundation
public import TransferKit

#if !canImport(Darwin)
    /// Foundation's item provider on Apple platforms; TransferKit's `ItemProvider` elsewhere, where
    /// Foundation has none — so that code written against `NSItemProvider` (link metadata's
    /// `iconProvider`, a share extension's attachments) compiles unchanged.
    public typealias NSItemProvider = ItemProvider

    // `NSItemProvider.loadItem` hands an `NSSecureCoding` that apps cast with `item as? Data` or
    // `item as? URL`, which works on Apple platforms by bridging. Foundation on Linux does not bridge
    // such casts, so `Data` and `URL` themselves are `NSSecureCoding` there (archived as `NSData` and
    // `NSURL` are), and `loadItem` hands them as they are.

    extension Data: @retroactive NSCoding, @retroactive NSSecureCoding {
        /// `true`, as for `NSData`.
        public static var supportsSecureCoding: Bool { true }

        /// Decodes bytes archived as `NSData` archives them.
        public init?(coder: NSCoder) {
            guard let data = NSData(coder: coder) else { return nil }
            self = Data(referencing: data)
        }

        /// Archives the bytes as `NSData` archives them.
        public func encode(with coder: NSCoder) { NSData(data: self).encode(with: coder) }
    }

    extension URL: @retroactive NSCoding, @retroactive NSSecureCoding {
        /// `true`, as for `NSURL`.
        public static var supportsSecureCoding: Bool { true }

        /// Decodes a URL archived as `NSURL` archives it.
        public init?(coder: NSCoder) {
            guard let url = NSURL(coder: coder) else { return nil }
            self = url as URL
        }

        /// Archives the URL as `NSURL` archives it.
        public func encode(with coder: NSCoder) { (self as NSURL).encode(with: coder) }
    }
#endif

/// The calls apps make on `NSItemProvider`, by type identifier and with completion handlers, over
/// `ItemProvider`'s typed, asynchronous API. The handlers run on a task of their own, as
/// `NSItemProvider`'s run on a queue of its own; their errors are ``TransferError``s.
extension ItemProvider {
    /// Creates a provider of a file's contents, registered under the file's type (from its
    /// extension); `nil` when `fileURL` is not a file URL or names no regular file — as
    /// `NSItemProvider(contentsOf:)`.
    public convenience init?(contentsOf fileURL: URL?) {
        guard let fileURL, fileURL.isFileURL else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return nil }
        let contentType = UTType(filenameExtension: fileURL.pathExtension) ?? .data
        self.init()
        let url = fileURL
        registerFileRepresentation(for: contentType) { url }
        suggestedName = fileURL.deletingPathExtension().lastPathComponent
    }

    /// The identifiers of the registered types, in registration order (`NSItemProvider`'s name for
    /// ``registeredContentTypes``).
    public var registeredTypeIdentifiers: [String] { registeredContentTypes.map(\.identifier) }

    /// Whether a registered type conforms to the type `typeIdentifier` names.
    public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        guard let contentType = UTType(typeIdentifier) else { return false }
        return hasRepresentation(conformingTo: contentType)
    }

    /// Loads the bytes of the first representation conforming to `typeIdentifier` and calls
    /// `completionHandler` with them, or with the error.
    ///
    /// - Returns: A progress that counts the load; cancelling it cancels the load.
    @discardableResult
    public func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping (Data?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let handler = UncheckedHandler(completionHandler)
        guard let contentType = UTType(typeIdentifier) else {
            let error = TransferError.unknownTypeIdentifier(typeIdentifier)
            Task { handler.call(nil, error) }
            return progress
        }
        let task = Task {
            do throws(TransferError) {
                let data = try await loadData(for: contentType)
                progress.completedUnitCount = 1
                handler.call(data, nil)
            } catch {
                handler.call(nil, error)
            }
        }
        progress.cancellationHandler = { task.cancel() }
        return progress
    }

    /// Loads the first representation conforming to `typeIdentifier` as `NSItemProvider` hands an
    /// item: its bytes (`item as? Data`), or — for a representation registered as a file and asked for
    /// as a URL type (`public.url`, `public.file-url`) — a copy's file URL (`item as? URL`).
    /// `options` are accepted and ignored, as `NSItemProvider` ignores those it does not know.
    public func loadItem(
        forTypeIdentifier typeIdentifier: String,
        options: [AnyHashable: Any]? = nil,
        completionHandler: (((any NSSecureCoding)?, (any Error)?) -> Void)? = nil
    ) {
        guard let completionHandler else { return }
        let handler = UncheckedHandler(completionHandler)
        let identifier = typeIdentifier
        Task {
            do {
                let item = try await loadItem(forTypeIdentifier: identifier, options: nil)
                handler.call(item, nil)
                // A file's copy lasts while the handler runs, as NSItemProvider's files do.
                if let url = item as? URL, url.isFileURL { try? FileManager.default.removeItem(at: url) }
            } catch {
                handler.call(nil, error)
            }
        }
    }

    /// Loads the first representation conforming to `typeIdentifier`, as
    /// ``loadItem(forTypeIdentifier:options:completionHandler:)`` hands it. A file's copy, in the
    /// temporary directory, is the caller's to remove (the completion-handler form removes it when
    /// the handler returns).
    public func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil) async throws
        -> any NSSecureCoding
    {
        guard let contentType = UTType(typeIdentifier) else {
            throw TransferError.unknownTypeIdentifier(typeIdentifier)
        }
        if contentType.conforms(to: .url), !hasRepresentation(conformingTo: contentType),
            let fileType = registeredContentTypes.first
        {
            // A file asked for as its URL: a copy that outlives the load, as NSItemProvider gives one.
            let copy = try await loadFile(for: fileType) { url in
                let kept = FileManager.default.temporaryDirectory.appendingPathComponent(
                    UUID().uuidString + "-" + url.lastPathComponent)
                try FileManager.default.copyItem(at: url, to: kept)
                return kept
            }
            return Self.item(copy)
        }
        return Self.item(try await loadData(for: contentType))
    }

    /// A value as `loadItem` hands it: itself where it is `NSSecureCoding` (Linux), bridged elsewhere.
    private static func item(_ data: Data) -> any NSSecureCoding {
        #if canImport(Darwin)
            data as NSData
        #else
            data
        #endif
    }

    private static func item(_ url: URL) -> any NSSecureCoding {
        #if canImport(Darwin)
            url as NSURL
        #else
            url
        #endif
    }

    /// Whether an object of `aClass` can be loaded: `NSString` from text, `NSURL` from a URL,
    /// `NSData` from any representation; `false` for other classes, which have no counterpart here.
    public func canLoadObject(ofClass aClass: AnyClass) -> Bool {
        if aClass == NSString.self { return hasRepresentation(conformingTo: .plainText) }
        if aClass == NSURL.self { return hasRepresentation(conformingTo: .url) }
        if aClass == NSData.self { return !registeredContentTypes.isEmpty }
        return false
    }
}

extension TransferError {
    /// A type identifier that names no type this process knows.
    static func unknownTypeIdentifier(_ identifier: String) -> TransferError {
        TransferError(
            .noMatchingRepresentation, itemType: ItemProvider.self,
            reason: "'\(identifier)' names no known type; expected a type identifier such as public.png")
    }
}

/// A completion handler that is not `Sendable`, as Apple's are not, called once from a task: the
/// caller hands it over and does not call it itself.
struct UncheckedHandler<each Argument>: @unchecked Sendable {
    let body: (repeat each Argument) -> Void
    init(_ body: @escaping (repeat each Argument) -> Void) { self.body = body }
    func call(_ argument: repeat each Argument) { body(repeat each argument) }
}
