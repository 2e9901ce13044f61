internal import TransferSupport

/// The descriptors received beside a connection's bytes (`SCM_RIGHTS`), in order, until a
/// message's `fd` argument takes one (*The Wayland Protocol*, "Wire Format": descriptors are not
/// in the bytes, and each message takes them in the order they came).
///
/// A descriptor that no message takes is closed by ``closeAll()``: the owner calls it when every
/// message whose bytes have come has been decoded (a descriptor arrives with the first bytes of
/// the write that carried it, never after its message's), and when it goes away. `close` is a
/// parameter so that the bookkeeping can be tested without descriptors.
struct WaylandDescriptorQueue {
    private(set) var descriptors: [FileDescriptor] = []
    private let close: (FileDescriptor) -> Void

    init(close: @escaping (FileDescriptor) -> Void = { $0.close() }) {
        self.close = close
    }

    var isEmpty: Bool { descriptors.isEmpty }

    /// Adds descriptors as they came.
    mutating func append(contentsOf received: some Sequence<FileDescriptor>) {
        descriptors += received
    }

    /// The first descriptor, now the caller's to close.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` when there is none: `what` needs one.
    mutating func take(for what: @autoclosure () -> String) throws(ClipboardError) -> FileDescriptor {
        guard !descriptors.isEmpty else {
            throw ClipboardError(.protocolError, "\(what()) carries a descriptor, and none came with it")
        }
        return descriptors.removeFirst()
    }

    /// Closes every descriptor left, returning how many there were.
    @discardableResult
    mutating func closeAll() -> Int {
        let count = descriptors.count
        descriptors.forEach(close)
        descriptors.removeAll()
        return count
    }
}

extension WaylandDescriptorQueue {
    /// A queue of descriptors given by number, whose closes `closing` is told of by number: for
    /// the fuzzer, a package of its own, which cannot name ``FileDescriptor`` (this package's).
    init(numbers: [Int32], closing: @escaping (Int32) -> Void) {
        self.init { closing($0.rawValue) }
        append(contentsOf: numbers.map(FileDescriptor.init(rawValue:)))
    }

    /// The descriptors' numbers, in order (see ``init(numbers:closing:)``).
    var numbers: [Int32] { descriptors.map(\.rawValue) }
}
