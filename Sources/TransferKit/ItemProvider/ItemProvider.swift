import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A lazy container for one item's representations: the role `NSItemProvider` plays on Apple's
/// platforms.
///
/// Register a `Transferable` item (built only when something asks for it), or data and file loaders
/// per content type; receivers list the registered types and load the one they want, as data, as a
/// file that exists while their handler runs, or as a `Transferable` value:
///
/// ```swift
/// let provider = ItemProvider()
/// provider.register(Video(file: movieURL))              // not built until loaded
/// provider.registeredContentTypes                        // [public.mpeg-4, public.url, public.file-url]
///
/// let progress = TransferProgress()
/// let size = try await provider.loadFile(for: .movie, progress: progress) { url in
///     try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
/// }
/// ```
///
/// Loads report progress through ``TransferProgress`` and stop when their task is cancelled,
/// removing any partial file. A share of several items is an ordered collection of providers;
/// ``shareItem(label:)`` turns one into an item for ``Negotiator/plan(_:for:)``.
///
/// `ItemProvider` is `Sendable`: registrations are behind a `Mutex`, and loaders are `@Sendable`.
public final class ItemProvider: Sendable {
    /// One registered representation.
    struct Registration: Sendable {
        let contentType: UTType
        let visibility: TransferRepresentationVisibility
        let form: TransferPayloadForm
        let isAvailable: @Sendable () -> Bool
        let loadData: @Sendable (TransferProgress?) async throws(TransferError) -> Data
        /// Gives a file and its cleanup; the file is the registrant's when the cleanup is `nil`.
        let loadFile: @Sendable (TransferProgress?) async throws(TransferError) -> PreparedFile
        let fileName: @Sendable () -> String?
        /// The registered item itself, for ``ItemProvider/loadTransferable(type:)``.
        let value: (@Sendable () -> any Transferable)?
    }

    private struct State {
        var registrations: [Registration] = []
        var suggestedName: String?
        var annotations: [ObjectIdentifier: any Sendable] = [:]
        var flatteningErrors: [TransferError] = []
    }

    private let state = Mutex(State())
    /// Who reads the provider: registrations not visible at this level are neither listed nor loaded.
    public let audience: TransferRepresentationVisibility

    /// Creates an empty provider.
    ///
    /// - Parameter audience: Who reads it. The default is `.all`: another process.
    public init(audience: TransferRepresentationVisibility = .all) {
        self.audience = audience
    }

    /// Creates a provider with a `Transferable` item registered.
    ///
    /// - Parameters:
    ///   - item: The item, built only when it is first needed.
    ///   - audience: Who reads it. The default is `.all`.
    public convenience init<Item: Transferable>(
        _ item: @autoclosure @escaping @Sendable () -> Item,
        audience: TransferRepresentationVisibility = .all
    ) {
        self.init(audience: audience)
        register(item())
    }

    /// The file name to suggest for a loaded file: set explicitly, or the registered item's
    /// suggested file name.
    public var suggestedName: String? {
        get {
            if let name = state.withLock({ $0.suggestedName }) { return name }
            return visibleRegistrations.lazy.compactMap { $0.fileName() }.first
        }
        set { state.withLock { $0.suggestedName = newValue } }
    }

    /// A value that travels with the provider without being one of its representations — what a
    /// share sheet reads beside the item, such as a link's metadata (`linkMetadata` in LinkPreviews) —
    /// one per type.
    package subscript<Value: Sendable>(annotation type: Value.Type) -> Value? {
        get { state.withLock { $0.annotations[ObjectIdentifier(type)] as? Value } }
        set { state.withLock { $0.annotations[ObjectIdentifier(type)] = newValue } }
    }

    // MARK: Registering

    /// Registers every exportable representation of a `Transferable` item, in its order.
    ///
    /// The item is an autoclosure, built the first time something needs it: a load, or an exporting
    /// condition when the registered types are listed. It is built at most once.
    ///
    /// - Parameter item: The item.
    public func register<Item: Transferable>(_ item: @autoclosure @escaping @Sendable () -> Item) {
        let lazy = LazyItem(item)
        let entries: [TransferRepresentationEntry<Item>]
        do throws(TransferError) {
            entries = try Item.flattenedRepresentations()
        } catch {
            // Registering cannot throw (as NSItemProvider's cannot): the error is kept, and a load
            // that finds nothing reports it instead of "no matching representation".
            state.withLock { $0.flatteningErrors.append(error) }
            return
        }
        let registrations = entries.filter(\.canExport).map { entry in
            Registration(
                contentType: entry.contentType,
                visibility: entry.visibility,
                form: entry.payloadForm,
                isAvailable: { entry.canExport(lazy.value) },
                loadData: { progress throws(TransferError) in
                    try await ItemProvider.data(from: entry, of: lazy.value, progress: progress)
                },
                loadFile: { progress throws(TransferError) in
                    try await lazy.value.prepareFile(through: entry, progress: progress)
                },
                fileName: { entry.suggestedFileName(for: lazy.value) },
                value: { lazy.value })
        }
        state.withLock { $0.registrations += registrations }
    }

    /// Registers a loader of bytes for a content type.
    ///
    /// - Parameters:
    ///   - contentType: The content type of the bytes.
    ///   - visibility: Who may see it. The default is `.all`.
    ///   - loadHandler: Produces the bytes when they are asked for.
    public func registerDataRepresentation(
        for contentType: UTType,
        visibility: TransferRepresentationVisibility = .all,
        loadHandler: @escaping @Sendable () async throws -> Data
    ) {
        let registration = Registration(
            contentType: contentType, visibility: visibility, form: .data, isAvailable: { true },
            loadData: { progress throws(TransferError) in
                let data = try await ItemProvider.running(contentType) { try await loadHandler() }
                progress?.update(completed: Int64(data.count), total: Int64(data.count))
                return data
            },
            loadFile: { progress throws(TransferError) in
                let data = try await ItemProvider.running(contentType) { try await loadHandler() }
                let name = "item" + (contentType.nearestFilenameExtension.map { ".\($0)" } ?? "")
                let file = try PreparedFile.inNewDirectory(named: name) { destination throws(TransferError) in
                    try FileOperations.write(data, to: destination, itemType: ItemProvider.self)
                }
                progress?.update(completed: Int64(data.count), total: Int64(data.count))
                return file
            },
            fileName: { nil }, value: nil)
        state.withLock { $0.registrations.append(registration) }
    }

    /// Registers a loader of a file for a content type.
    ///
    /// The file stays the registrant's: loads get a copy (cloned where the file system can), unless
    /// `openInPlace` lets them read the file itself.
    ///
    /// - Parameters:
    ///   - contentType: The content type of the file.
    ///   - visibility: Who may see it. The default is `.all`.
    ///   - openInPlace: Whether loads may be given the file itself. The default is `false`.
    ///   - loadHandler: Gives the file's location when it is asked for.
    public func registerFileRepresentation(
        for contentType: UTType,
        visibility: TransferRepresentationVisibility = .all,
        openInPlace: Bool = false,
        loadHandler: @escaping @Sendable () async throws -> URL
    ) {
        let registration = Registration(
            contentType: contentType, visibility: visibility, form: .file, isAvailable: { true },
            loadData: { progress throws(TransferError) in
                let url = try await ItemProvider.running(contentType) { try await loadHandler() }
                return try ItemProvider.read(url, progress: progress)
            },
            loadFile: { progress throws(TransferError) in
                let url = try await ItemProvider.running(contentType) { try await loadHandler() }
                if openInPlace { return PreparedFile(url: url, directory: nil) }
                return try PreparedFile.inNewDirectory(named: url.lastPathComponent) {
                    destination throws(TransferError) in
                    try FileOperations.copy(url, to: destination, itemType: ItemProvider.self) { copied, total in
                        progress?.update(completed: copied, total: total)
                    }
                }
            },
            fileName: { nil }, value: nil)
        state.withLock { $0.registrations.append(registration) }
    }

    // MARK: Querying

    /// The registered content types visible to the provider's audience and available for the
    /// item (exporting conditions hold), in registration order, without duplicates.
    public var registeredContentTypes: [UTType] {
        var seen: Set<UTType> = []
        return visibleRegistrations.map(\.contentType).filter { seen.insert($0).inserted }
    }

    /// Whether a registered content type conforms to `contentType`.
    ///
    /// - Parameter contentType: The type asked for: `.image` finds a registered `.png`.
    /// - Returns: `true` if a load for `contentType` would find a representation.
    public func hasRepresentation(conformingTo contentType: UTType) -> Bool {
        visibleRegistrations.contains { $0.contentType.conforms(to: contentType) }
    }

    /// An item of a share made of this provider's registrations, for ``Negotiator/plan(_:for:)``.
    ///
    /// - Parameter label: A name for the item in plans.
    /// - Returns: The item, each registration offered in its own form, then a value, then the other
    ///   of data and file.
    public func shareItem(label: String) -> ShareItem {
        let registrations = state.withLock { $0.registrations }
        var offers: [Offer] = []
        for (index, registration) in registrations.enumerated() {
            let available = registration.isAvailable()
            for (formIndex, form) in TransferPayloadFormOrder.representationFirst.forms(native: registration.form)
                .enumerated()
            {
                offers.append(
                    Offer(
                        registration.contentType, form: form, representationIndex: index, formIndex: formIndex,
                        visibility: registration.visibility,
                        isExportable: available))
            }
        }
        return ShareItem(label: label, offers: offers)
    }

    // MARK: Loading

    /// Loads the first registered representation whose type conforms to `contentType`, as bytes.
    ///
    /// A file representation's file is read in steps, reporting progress.
    ///
    /// - Parameters:
    ///   - contentType: The type wanted.
    ///   - progress: Receives the progress, if given.
    /// - Returns: The bytes.
    /// - Throws: ``TransferError``: ``TransferError/Code/noMatchingRepresentation`` listing the
    ///   registered types; the loader's failure; ``TransferError/Code/cancelled``.
    public func loadData(for contentType: UTType, progress: TransferProgress? = nil) async throws(TransferError) -> Data
    {
        let registration = try first(conformingTo: contentType)
        do throws(TransferError) {
            let data = try await registration.loadData(progress)
            progress?.finish(succeeded: true)
            return data
        } catch {
            progress?.finish(succeeded: false)
            throw error
        }
    }

    /// Loads the first registered representation whose type conforms to `contentType`, as a file
    /// that exists while `handler` runs.
    ///
    /// The file is removed when the handler returns or throws, and when the task is cancelled; a
    /// copy still being made then is removed too. A file registered with `openInPlace` is handed
    /// over itself and never removed.
    ///
    /// - Parameters:
    ///   - contentType: The type wanted.
    ///   - progress: Receives the progress, if given.
    ///   - handler: Uses the file.
    /// - Returns: What `handler` returns.
    /// - Throws: ``TransferError`` when the load fails; what `handler` throws, unchanged.
    public func loadFile<Result>(
        for contentType: UTType,
        progress: TransferProgress? = nil,
        handler: (URL) async throws -> Result
    ) async throws -> Result {
        let registration = try first(conformingTo: contentType)
        let prepared: PreparedFile
        do throws(TransferError) {
            prepared = try await registration.loadFile(progress)
            progress?.finish(succeeded: true)
        } catch {
            progress?.finish(succeeded: false)
            throw error
        }
        defer { prepared.cleanUp() }
        return try await handler(prepared.url)
    }

    /// Loads a `Transferable` value.
    ///
    /// The registered item itself when it is of type `Item`; otherwise the first registered
    /// representation that `Item` imports (the registered type conforms to the importer's), loaded
    /// as data or as a file, whichever the importer takes.
    ///
    /// - Parameter type: The type wanted.
    /// - Returns: The value.
    /// - Throws: ``TransferError``: ``TransferError/Code/noMatchingRepresentation`` when `Item`
    ///   imports none of the registered types; the load's or the import's failure.
    public func loadTransferable<Item: Transferable>(type: Item.Type) async throws(TransferError) -> Item {
        let registrations = visibleRegistrations
        for registration in registrations {
            if let value = registration.value?() as? Item { return value }
        }
        let importers = try Item.flattenedRepresentations().filter(\.canImport)
        for registration in registrations {
            guard let importer = importers.first(where: { registration.contentType.conforms(to: $0.contentType) })
            else { continue }
            switch importer.importer {
            case .file?:
                let prepared = try await registration.loadFile(nil)
                defer { prepared.cleanUp() }
                return try await Item.importValue(from: prepared.url, through: importer)
            default:
                return try await Item.importValue(from: registration.loadData(nil), through: importer)
            }
        }
        throw TransferError(
            .noMatchingRepresentation, itemType: Item.self, offeredContentTypes: registeredContentTypes,
            reason: "Cannot load \(Item.self): it imports none of the registered content types "
                + "(\(registeredContentTypes.map(\.identifier).joined(separator: ", ")))")
    }

    // MARK: Internal

    private var visibleRegistrations: [Registration] {
        state.withLock { $0.registrations }.filter { $0.visibility.isVisible(at: audience) && $0.isAvailable() }
    }

    private func first(conformingTo contentType: UTType) throws(TransferError) -> Registration {
        guard let registration = visibleRegistrations.first(where: { $0.contentType.conforms(to: contentType) }) else {
            if let flatteningError = state.withLock({ $0.flatteningErrors.first }) { throw flatteningError }
            throw TransferError(
                .noMatchingRepresentation, itemType: ItemProvider.self, requestedContentType: contentType,
                offeredContentTypes: registeredContentTypes,
                reason: "No registered representation conforms to \(contentType.identifier) (registered: "
                    + "\(registeredContentTypes.map(\.identifier).joined(separator: ", ")))")
        }
        return registration
    }

    /// Runs a registrant's loader, turning what it throws into a ``TransferError``.
    static func running<Value>(_ contentType: UTType, _ body: () async throws -> Value) async throws(TransferError)
        -> Value
    {
        if Task.isCancelled { throw cancelled(contentType) }
        do {
            return try await body()
        } catch let error as TransferError {
            throw error
        } catch is CancellationError {
            throw cancelled(contentType)
        } catch {
            throw TransferError(
                .exportFailed, itemType: ItemProvider.self, requestedContentType: contentType,
                reason: "The loader registered for \(contentType.identifier) threw \(error)", underlyingError: error)
        }
    }

    static func cancelled(_ contentType: UTType) -> TransferError {
        TransferError(
            .cancelled, itemType: ItemProvider.self, requestedContentType: contentType,
            reason: "The load of \(contentType.identifier) was cancelled")
    }

    static func data<Item: Transferable>(
        from entry: TransferRepresentationEntry<Item>, of item: Item, progress: TransferProgress?
    ) async throws(TransferError) -> Data {
        if case .file(let export)? = entry.exporter {
            let sent = try await Item.running(entry, .export) { try await export(item) }
            defer { sent.discard() }
            return try read(sent.file, progress: progress)
        }
        let data = try await item.exportData(through: entry)
        progress?.update(completed: Int64(data.count), total: Int64(data.count))
        return data
    }

    /// The contents of a file, read in 8 MiB steps with progress and cancellation.
    static func read(_ url: URL, progress: TransferProgress?) throws(TransferError) -> Data {
        guard let progress else { return try FileOperations.contents(of: url, itemType: ItemProvider.self) }
        return try FileOperations.contents(of: url, itemType: ItemProvider.self) { completed, total in
            progress.update(completed: completed, total: total)
        }
    }
}

/// An item built on first use, at most once.
final class LazyItem<Item: Sendable>: Sendable {
    private let make: @Sendable () -> Item
    private let storage = Mutex<Item?>(nil)

    init(_ make: @escaping @Sendable () -> Item) {
        self.make = make
    }

    var value: Item {
        storage.withLock { stored in
            if let stored { return stored }
            let item = make()
            stored = item
            return item
        }
    }
}
