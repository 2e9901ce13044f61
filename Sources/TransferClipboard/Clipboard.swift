import Dispatch
import Synchronization
public import TransferKit
internal import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The Linux desktop's clipboard, for `Transferable` values: copy a model and every representation
/// it exports becomes a type other apps can paste, exported only when one asks; paste a model
/// from the first type on the clipboard it can import.
///
/// It talks the display's own protocol over its socket, with no library (``ClipboardDisplay``):
/// Wayland's data-control (`ext-data-control-v1`, else `zwlr-data-control-unstable-v1`: sway and
/// other wlroots compositors, KDE's KWin, Hyprland) through `WAYLAND_DISPLAY`, and X11's
/// selections (ICCCM: `TARGETS`, `TIMESTAMP`, `MULTIPLE`, INCR for large payloads, both ways)
/// through `DISPLAY` — and through XWayland on a compositor without data-control (GNOME's Mutter).
///
/// ```swift
/// let clipboard = try Clipboard()
/// let copy = try await clipboard.copy(note)          // offered until another app copies
/// let pasted = try await clipboard.paste(Note.self)  // the first type Note imports
/// print(pasted.type, pasted.negotiation)             // which, and why
/// ```
///
/// Every wait has a deadline and every read a limit (``Limits``), so a clipboard owner that never
/// answers, sends without end, or offers a hundred thousand types ends with a ``ClipboardError``.
///
/// `Clipboard` is `Sendable`.
public final class Clipboard: Sendable {
    /// How long to wait and how much to take.
    ///
    /// `Limits` is `Sendable`.
    public struct Limits: Sendable, Hashable {
        /// The most bytes one paste takes. The default is 1 GiB.
        public var maximumBytes: Int
        /// The most types a clipboard owner may offer. The default is 4,096.
        public var maximumTypes: Int
        /// How long the other side may stay silent between two steps. The default is 5 seconds.
        public var idleTimeout: Duration
        /// How long one operation may take in all. The default is 60 seconds.
        public var timeout: Duration

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - maximumBytes: The most bytes one paste takes.
        ///   - maximumTypes: The most types an owner may offer.
        ///   - idleTimeout: How long the other side may stay silent between two steps.
        ///   - timeout: How long one operation may take in all.
        public init(
            maximumBytes: Int = 1 << 30, maximumTypes: Int = 4096, idleTimeout: Duration = .seconds(5),
            timeout: Duration = .seconds(60)
        ) {
            self.maximumBytes = maximumBytes
            self.maximumTypes = maximumTypes
            self.idleTimeout = idleTimeout
            self.timeout = timeout
        }
    }

    /// The display whose clipboard this is.
    public let display: ClipboardDisplay
    /// The limits of every operation.
    public let limits: Limits
    private let environment: [String: String]

    /// The clipboard of the display the environment names: the Wayland compositor of
    /// `WAYLAND_DISPLAY` when it is set, else the X server of `DISPLAY` (see
    /// ``ClipboardDisplay/init(environment:)``).
    ///
    /// - Parameters:
    ///   - environment: Where `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`, `DISPLAY`, `XAUTHORITY` and
    ///     `HOME` are read. The default is the process's.
    ///   - limits: The limits. The default allows 1 GiB, 4,096 types, 5 s of silence, 60 s in all.
    /// - Throws: ``ClipboardError/Code/noDisplay`` when neither display is named.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment, limits: Limits = Limits()
    ) throws(ClipboardError) {
        guard let display = ClipboardDisplay(environment: environment) else {
            throw ClipboardError(
                .noDisplay, "no display: neither WAYLAND_DISPLAY (with XDG_RUNTIME_DIR) nor DISPLAY is set")
        }
        self.init(display: display, environment: environment, limits: limits)
    }

    /// The clipboard of `display`.
    ///
    /// - Parameters:
    ///   - display: The display.
    ///   - environment: Where `DISPLAY` is read when a Wayland compositor has no data-control and
    ///     its XWayland server is used instead, and `XAUTHORITY` and `HOME` for an X server's
    ///     cookie. The default is the process's.
    ///   - limits: The limits.
    public init(
        display: ClipboardDisplay, environment: [String: String] = ProcessInfo.processInfo.environment,
        limits: Limits = Limits()
    ) {
        self.display = display
        self.limits = limits
        self.environment = environment
    }

    // MARK: Reading

    /// The types on the clipboard, in its owner's order, each with the content type it maps to.
    ///
    /// - Parameter selection: The clipboard (the default) or the primary selection.
    /// - Returns: The types; the protocol's own names (`TARGETS`, `TIMESTAMP`, `MULTIPLE`) left out.
    /// - Throws: ``ClipboardError``: `empty` when nothing is on it; `timedOut`, `tooLarge`,
    ///   `protocolError` for an owner that does not answer as the protocol says.
    public func types(in selection: ClipboardSelection = .clipboard) async throws(ClipboardError) -> [ClipboardType] {
        try await session { session, deadline throws(ClipboardError) in
            try session.types(selection, deadline: deadline)
        }
    }

    /// The bytes the clipboard holds under `name`.
    ///
    /// - Parameters:
    ///   - name: A name from ``types(in:)``, such as `image/png` or `UTF8_STRING`.
    ///   - selection: The clipboard (the default) or the primary selection.
    /// - Returns: The bytes, as the owner sent them.
    /// - Throws: ``ClipboardError``: `typeNotOffered` when the owner refuses the name; `tooLarge`
    ///   over ``Limits/maximumBytes``; `timedOut`; `empty`.
    public func data(for name: String, in selection: ClipboardSelection = .clipboard) async throws(ClipboardError)
        -> Data
    {
        try await session { session, deadline throws(ClipboardError) in
            try session.bytes(name, selection, deadline: deadline)
        }
    }

    /// Writes the bytes the clipboard holds under `name` into `file` as they arrive, so that
    /// memory stays at one chunk whatever their size. The file appears whole or not at all: the
    /// bytes go to a temporary file beside it, moved into place at the end and removed on failure.
    ///
    /// - Parameters:
    ///   - name: A name from ``types(in:)``, such as `image/png`.
    ///   - selection: The clipboard (the default) or the primary selection.
    ///   - file: The file to write; one already there is replaced.
    /// - Throws: ``ClipboardError``: `outputFailed` when the file cannot be written; and what
    ///   ``data(for:in:)`` throws.
    public func write(_ name: String, in selection: ClipboardSelection = .clipboard, to file: URL)
        async throws(ClipboardError)
    {
        try await session { session, deadline throws(ClipboardError) in
            try Self.stream(name, selection, to: file, session, deadline)
        }
    }

    /// Where ``read(in:into:choosing:)`` puts what it reads.
    package enum ReadDestination: Sendable {
        /// Gathered into memory and returned.
        case memory
        /// Streamed into the file, as ``write(_:in:to:)`` streams it.
        case file(URL)
        /// Each chunk handed over as it arrives, in order: memory stays at one chunk.
        case chunks(@Sendable (UnsafeRawBufferPointer) throws(ClipboardError) -> Void)
    }

    /// Lists the types and reads the one `choose` picks, on one connection (two, with
    /// ``types(in:)`` then ``data(for:in:)``, cost a second connection's handshake), into
    /// `destination`.
    ///
    /// - Returns: The type read and, into memory, its bytes; `nil` when `choose` picks none.
    /// - Throws: What ``types(in:)`` and ``write(_:in:to:)`` throw, and what a chunk's handler
    ///   throws.
    package func read(
        in selection: ClipboardSelection = .clipboard, into destination: ReadDestination,
        choosing choose: @escaping @Sendable ([ClipboardType]) -> String?
    ) async throws(ClipboardError) -> (name: String, data: Data?)? {
        try await session { session, deadline throws(ClipboardError) in
            guard let name = choose(try session.types(selection, deadline: deadline)) else { return nil }
            switch destination {
            case .memory:
                return (name, try session.bytes(name, selection, deadline: deadline))
            case .file(let file):
                try Self.stream(name, selection, to: file, session, deadline)
            case .chunks(let handle):
                _ = try session.reader.stream(
                    name, selection, limit: session.limits.maximumBytes, idle: session.limits.idleTimeout,
                    deadline: deadline, into: ChunkSink(write: handle))
            }
            return (name, nil)
        }
    }

    /// Streams `name` into `file` through an ``AtomicFile``.
    private static func stream(
        _ name: String, _ selection: ClipboardSelection, to file: URL, _ session: ReadSession,
        _ deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        let output: AtomicFile
        do throws(CocoaError) {
            output = try AtomicFile(writing: file)
        } catch {
            throw ClipboardError(.outputFailed, "the paste cannot be written: \(error.fileSystemReason)")
        }
        let sink = ChunkSink { chunk throws(ClipboardError) in
            do throws(CocoaError) {
                try output.write(chunk)
            } catch {
                throw ClipboardError(.outputFailed, "the paste cannot be written: \(error.fileSystemReason)")
            }
        }
        _ = try session.reader.stream(
            name, selection, limit: session.limits.maximumBytes, idle: session.limits.idleTimeout,
            deadline: deadline, into: sink)
        do throws(CocoaError) {
            try output.commit(synchronizing: false)
        } catch {
            throw ClipboardError(.outputFailed, "the paste cannot be written: \(error.fileSystemReason)")
        }
    }

    /// Pastes a model: the clipboard's types mapped to content types (a file list to its files'
    /// types), the first of the model's importing types that is offered chosen as the negotiator
    /// chooses for a receiver's preference, fetched, and imported.
    ///
    /// - Parameters:
    ///   - type: The model.
    ///   - selection: The clipboard (the default) or the primary selection.
    /// - Returns: The value, the type it came from, and the negotiation that chose it.
    /// - Throws: ``ClipboardError``: `noImportableType` when no type on the clipboard is one the
    ///   model imports (the reason lists them); `transferFailed` when the import fails; and what
    ///   ``types(in:)`` and ``data(for:in:)`` throw.
    public func paste<Item: Transferable>(_ type: Item.Type, from selection: ClipboardSelection = .clipboard)
        async throws(ClipboardError) -> ClipboardPaste<Item>
    {
        let (types, files) = try await session { session, deadline throws(ClipboardError) in
            let types = try session.types(selection, deadline: deadline)
            var files: [URL] = []
            if let list = types.first(where: { $0.contentType == .fileURL }) {
                files = ClipboardTypeMapping.files(
                    in: [UInt8](try session.bytes(list.name, selection, deadline: deadline)))
            }
            return (types, files)
        }
        let negotiation = ClipboardNegotiation.negotiate(types, files: files, for: Item.self)
        guard let best = negotiation.best else {
            throw ClipboardError(
                .noImportableType,
                "\(Item.self) imports \(Item.importedContentTypes().map(\.identifier).joined(separator: ", ")); "
                    + "the clipboard offers \(types.map(\.description).joined(separator: ", "))")
        }
        let chosen = types[best.offer.representationIndex]
        do {
            if best.offer.form == .file, let file = files.first {
                let value = try await Item(importing: file, contentType: best.offer.contentType)
                return ClipboardPaste(value: value, type: chosen, negotiation: negotiation)
            }
            let (type, raw) = try await session { session, deadline throws(ClipboardError) in
                try session.typedBytes(chosen.name, selection, deadline: deadline)
            }
            let value = try await Item(
                importing: ClipboardNegotiation.text(raw, typed: type), contentType: best.offer.contentType)
            return ClipboardPaste(value: value, type: chosen, negotiation: negotiation)
        } catch let error as ClipboardError {
            throw error
        } catch {
            throw ClipboardError(.transferFailed, "\(Item.self) cannot import \(chosen.name): \(error)")
        }
    }

    // MARK: Writing

    /// Copies items: every representation they export becomes a type on the clipboard, exported
    /// when a client first asks for it (``ClipboardTypeMapping`` gives the names). The clipboard
    /// stays this process's until another app copies, or until ``ClipboardOwnership/stop()``.
    ///
    /// - Parameters:
    ///   - items: The items; the first one's types are offered, and the files of all of them as
    ///     a file list.
    ///   - selection: The clipboard (the default) or the primary selection.
    /// - Returns: The ownership: wait on it, or stop it.
    /// - Throws: ``ClipboardError`` when the display refuses, or the items export nothing.
    public func copy<Item: Transferable>(_ items: [Item], to selection: ClipboardSelection = .clipboard)
        async throws(ClipboardError) -> ClipboardOwnership
    {
        let content = try ClipboardContent(items: items.map { ShareItem($0) })
        return try await own(content, selection)
    }

    /// Copies one item (see ``copy(_:to:)-([Item],_)``).
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - selection: The clipboard (the default) or the primary selection.
    /// - Returns: The ownership.
    /// - Throws: ``ClipboardError``.
    public func copy<Item: Transferable>(_ item: Item, to selection: ClipboardSelection = .clipboard)
        async throws(ClipboardError) -> ClipboardOwnership
    {
        try await copy([item], to: selection)
    }

    /// Copies bytes under the names given, as they are.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - names: The names to offer them under, such as `["image/png"]`.
    ///   - selection: The clipboard (the default) or the primary selection.
    /// - Returns: The ownership.
    /// - Throws: ``ClipboardError``.
    public func copy(_ data: Data, as names: [String], to selection: ClipboardSelection = .clipboard)
        async throws(ClipboardError) -> ClipboardOwnership
    {
        try await own(ClipboardContent(bytes: data, names: names), selection)
    }

    /// Copies a snapshot's bytes under `names` (as ``copy(_:as:to:)`` offers bytes): a Wayland
    /// reader gets them spliced from the snapshot's memory into its pipe, without a copy.
    package func copy(_ snapshot: ClipboardSnapshot, as names: [String], to selection: ClipboardSelection = .clipboard)
        async throws(ClipboardError) -> ClipboardOwnership
    {
        try await own(ClipboardContent(snapshot: snapshot, names: names), selection)
    }

    /// Empties the clipboard, whoever owns it, as `wl-copy --clear` does: the owner is told its
    /// copy is no longer the selection, and stops serving it.
    ///
    /// - Parameter selection: The clipboard (the default) or the primary selection.
    /// - Throws: ``ClipboardError`` when the display refuses.
    public func clear(_ selection: ClipboardSelection = .clipboard) async throws(ClipboardError) {
        let connector = connector
        let limits = limits
        let result: Result<Void, ClipboardError> = await withCheckedContinuation { continuation in
            DispatchQueue(label: "TransferClipboard.clear").async {
                continuation.resume(
                    returning: Result { () throws(ClipboardError) in
                        let deadline = ContinuousClock.now + limits.timeout
                        try connector.connect(deadline: deadline) { connection throws(ClipboardError) in
                            switch connection {
                            case .x11(let session): try session.clear(selection, deadline: deadline)
                            case .wayland(let control): try control.clear(selection, deadline: deadline)
                            }
                        }
                    })
            }
        }
        try result.get()
    }

    private func own(_ content: ClipboardContent, _ selection: ClipboardSelection) async throws(ClipboardError)
        -> ClipboardOwnership
    {
        let ownership = try ClipboardOwnership(selection: selection)
        let connector = connector
        let limits = limits
        let result: Result<Void, ClipboardError> = await withCheckedContinuation { continuation in
            DispatchQueue(label: "TransferClipboard.owner").async {
                let owner: any SelectionServer
                do throws(ClipboardError) {
                    let deadline = ContinuousClock.now + limits.timeout
                    owner = try connector.connect(deadline: deadline) { connection throws(ClipboardError) in
                        switch connection {
                        case .x11(let session):
                            let owner = try X11SelectionOwner(
                                session, selection, content: content, idle: limits.idleTimeout, deadline: deadline)
                            try session.connection.sync(deadline: deadline)
                            return owner
                        case .wayland(let control):
                            return try WaylandSelectionOwner(
                                control, selection, content: content, idle: limits.idleTimeout, deadline: deadline)
                        }
                    }
                } catch {
                    continuation.resume(returning: .failure(error))
                    return
                }
                continuation.resume(returning: .success(()))
                while owner.isServing, !ownership.isStopped {
                    do {
                        try owner.serve(wakingOn: ownership.wakeUp)
                    } catch {
                        break
                    }
                }
                owner.release()
                content.close()
                ownership.finish()
            }
        }
        try result.get()
        return ownership
    }

    // MARK: Sessions

    private var connector: Connector { Connector(display: display, environment: environment, limits: limits) }

    /// Runs `body` with a connection of its own, on a thread that may block: a queue of its own,
    /// which gets a thread even when the global queues' few are busy, and not one of Swift
    /// concurrency's.
    private func session<Value: Sendable>(
        _ body: @escaping @Sendable (ReadSession, ContinuousClock.Instant) throws(ClipboardError) -> Value
    ) async throws(ClipboardError) -> Value {
        let connector = connector
        let limits = limits
        let result: Result<Value, ClipboardError> = await withCheckedContinuation { continuation in
            DispatchQueue(label: "TransferClipboard.session").async {
                do throws(ClipboardError) {
                    let deadline = ContinuousClock.now + limits.timeout
                    let value = try connector.connect(deadline: deadline) { connection throws(ClipboardError) in
                        let reader: any SelectionReader =
                            switch connection {
                            case .x11(let session): session
                            case .wayland(let control): control
                            }
                        return try body(ReadSession(reader: reader, limits: limits), deadline)
                    }
                    continuation.resume(returning: .success(value))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Opens a connection to the display by its protocol.
    struct Connector: Sendable {
        let display: ClipboardDisplay
        let environment: [String: String]
        let limits: Limits

        enum Connection {
            case x11(X11Selection)
            case wayland(WaylandDataControl)
        }

        /// Runs `body` with a new connection: on a Wayland compositor without data-control,
        /// one to its XWayland server when `DISPLAY` names one.
        func connect<Value>(
            deadline: ContinuousClock.Instant, _ body: (Connection) throws(ClipboardError) -> Value
        ) throws(ClipboardError) -> Value {
            switch display {
            case .x11(let name):
                return try body(.x11(try x11(name, deadline: deadline)))
            case .wayland(let socket):
                let control: WaylandDataControl
                do {
                    control = try WaylandDataControl(
                        try WaylandConnection(socket: socket), maximumTypes: limits.maximumTypes, deadline: deadline)
                } catch let error where error.code == .unsupported {
                    guard let name = environment["DISPLAY"], !name.isEmpty else { throw error }
                    return try body(.x11(try x11(name, deadline: deadline)))
                }
                return try body(.wayland(control))
            }
        }

        private func x11(_ name: String, deadline: ContinuousClock.Instant) throws(ClipboardError) -> X11Selection {
            let connection = try X11Connection(display: name, environment: environment, timeout: limits.timeout)
            return try X11Selection(connection, deadline: deadline)
        }
    }

    /// A requestor's connection, for one operation.
    struct ReadSession {
        let reader: any SelectionReader
        let limits: Limits

        func types(_ name: ClipboardSelection, deadline: ContinuousClock.Instant) throws(ClipboardError)
            -> [ClipboardType]
        {
            let names = try reader.names(
                name, limit: limits.maximumTypes, idle: limits.idleTimeout, deadline: deadline)
            let meta: Set<String> = [
                "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "DELETE", "INSERT_SELECTION", "INCR",
            ]
            var seen: Set<String> = []
            return names.filter { !meta.contains($0) && seen.insert($0).inserted }.map {
                ClipboardType(name: $0, contentType: ClipboardTypeMapping.contentType(for: $0))
            }
        }

        func bytes(_ target: String, _ name: ClipboardSelection, deadline: ContinuousClock.Instant)
            throws(ClipboardError) -> Data
        {
            try typedBytes(target, name, deadline: deadline).bytes
        }

        /// The bytes of `target`, and the name of the type the owner gave them.
        func typedBytes(_ target: String, _ name: ClipboardSelection, deadline: ContinuousClock.Instant)
            throws(ClipboardError) -> (type: String, bytes: Data)
        {
            try reader.typedBytes(
                target, name, limit: limits.maximumBytes, idle: limits.idleTimeout, deadline: deadline)
        }
    }
}

/// A copy on the clipboard, served by this process: until another app copies, or until
/// ``stop()``.
///
/// `ClipboardOwnership` is `Sendable`.
public final class ClipboardOwnership: Sendable {
    /// The selection owned.
    public let selection: ClipboardSelection
    private let stopped = Atomic(false)
    private let finished = Mutex<(done: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
    /// A pipe ``stop()`` writes a byte into: the serving thread sleeps until something happens,
    /// this read end included.
    private let wakePipe: (readEnd: FileDescriptor, writeEnd: FileDescriptor)

    /// - Throws: ``ClipboardError/Code/connectionFailed`` when the process has no descriptor
    ///   left for the wake-up pipe.
    init(selection: ClipboardSelection) throws(ClipboardError) {
        self.selection = selection
        do throws(Errno) {
            wakePipe = try FileDescriptor.pipe()
            try wakePipe.writeEnd.setNonBlocking()
        } catch {
            throw ClipboardError(.connectionFailed, "cannot make the pipe that stops a copy's server: \(error)")
        }
    }

    deinit {
        wakePipe.readEnd.close()
        wakePipe.writeEnd.close()
    }

    /// The end the serving thread waits on, readable once stopped.
    var wakeUp: FileDescriptor { wakePipe.readEnd }

    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Whether the copy is still served: `false` once another app copied and every transfer under
    /// way ended, or once stopped.
    public var isServing: Bool { !finished.withLock { $0.done } }

    /// Stops serving and gives up the selection, if this process still owns it.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        // One byte wakes the server; a full pipe has woken it already.
        _ = [UInt8(1)].withUnsafeBytes { try? wakePipe.writeEnd.write($0) }
    }

    /// Returns when the copy is no longer served.
    public func waitUntilFinished() async {
        await withCheckedContinuation { continuation in
            let resumeNow = finished.withLock { state in
                if state.done { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func finish() {
        let waiting = finished.withLock { state in
            state.done = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}

/// A pasted value, with the clipboard type it was imported from and the negotiation that chose it.
///
/// `ClipboardPaste` is `Sendable` when `Item` is.
public struct ClipboardPaste<Item> {
    /// The value.
    public let value: Item
    /// The type it was imported from.
    public let type: ClipboardType
    /// Every type considered, ranked, and why the others were not taken.
    public let negotiation: Negotiation
}

extension ClipboardPaste: Sendable where Item: Sendable {}
