internal import CTransferKitSystem
internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The owner's side of a Wayland selection, through data-control: a data source offering the
/// content's types, set as the selection; each `send(type, descriptor)` answered by writing the
/// bytes into the pipe and closing it. Several transfers go on at once, each written as its
/// reader takes the bytes, so that one reader that stops cannot stall the others (wl-copy's
/// blocking write can, as its own comment says); one silent for longer than `idle` is dropped.
///
/// It serves until the compositor cancels the source (another client set the selection) and
/// every transfer under way has ended, or until released.
final class WaylandSelectionOwner: SelectionServer {
    private let control: WaylandDataControl
    private let content: ClipboardContent
    private let source: WaylandObject<DataControlSource>
    private let idle: Duration
    private(set) var ownsSelection = true
    private let selection: ClipboardSelection
    private var transfers = WaylandTransfers()

    /// Offers `content` as `selection`.
    ///
    /// - Throws: ``ClipboardError``: `unsupported` for the primary selection where the compositor
    ///   has none; what the compositor reports.
    init(
        _ control: WaylandDataControl, _ selection: ClipboardSelection, content: ClipboardContent, idle: Duration,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        self.control = control
        self.content = content
        self.idle = idle
        if selection == .primary, !control.hasPrimarySelection {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(control.connection.name) has \(control.protocolName) version 1, which "
                    + "has no primary selection")
        }
        self.selection = selection
        let connection = control.connection
        source = connection.newObject()
        try connection.send(.createDataSource(source), to: control.manager)
        for target in content.targets {
            try connection.send(.offer(mimeType: target), to: source)
        }
        try connection.send(.set(selection, to: source), to: control.device)
        try connection.roundTrip(deadline: deadline) { event throws(ClipboardError) in
            try handle(event)
        }
    }

    deinit {
        transfers.closeAll()
    }

    var isServing: Bool { ownsSelection || !transfers.isEmpty }

    func serve(wakingOn wake: FileDescriptor) throws(ClipboardError) {
        let connection = control.connection
        while isServing {
            // The compositor's messages first: they may start transfers.
            while let event = try connection.nextEvent(deadline: .now) {
                try handle(event)
            }
            // A cancellation just handled leaves nothing to wait for.
            guard isServing else { return }
            guard try transfers.wait(on: connection, idle: idle, until: nil, interruptedBy: wake) else { return }
        }
    }

    private func handle(_ event: WaylandEvent) throws(ClipboardError) {
        switch event {
        case .send(source.id, let type, let received):
            let descriptor = control.connection.claim(received)
            guard ownsSelection, case .success(let bytes) = content.bytes(for: type) else {
                descriptor.close()  // a type not offered, or an export that failed: an empty answer
                return
            }
            transfers.start(descriptor, bytes: bytes, snapshot: content.snapshot(for: type))
        case .cancelled(source.id):
            ownsSelection = false
            try control.connection.send(.destroy, to: source)
            control.connection.forget(source)
        default:
            try control.handle(event)
        }
    }

    func release() {
        guard ownsSelection else { return }
        ownsSelection = false
        try? control.connection.send(.set(selection, to: nil), to: control.device)
        try? control.connection.send(.destroy, to: source)
        control.connection.forget(source)
        try? control.connection.roundTrip(deadline: .now + .seconds(1)) { _ in }
    }
}
