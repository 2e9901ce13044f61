/// The interfaces of the objects whose events the clipboard reads: what a message's object is
/// decides what its opcode means (*The Wayland Protocol*, "Wire Format": the receiver knows each
/// object's interface, from the request or event that made it).
enum WaylandInterface: Equatable {
    /// `wl_display`, object 1.
    case display
    case registry
    case callback
    /// `ext_data_control_device_v1` or `zwlr_data_control_device_v1`: the same events.
    case dataControlDevice
    /// `…_data_control_offer_v1`.
    case dataControlOffer
    /// `…_data_control_source_v1`.
    case dataControlSource
}

/// An event the clipboard reads from a compositor, decoded from a ``WaylandMessage`` by the
/// interface of the object it is for (the protocols' XML: `wayland.xml` for `wl_display`,
/// `wl_registry` and `wl_callback`; `ext-data-control-v1.xml` and
/// `wlr-data-control-unstable-v1.xml` for the device, offer and source, whose events have the same
/// opcodes and arguments).
///
/// Decoding is a pure function of the message, the interface and the descriptors received
/// (``init(decoding:interface:descriptors:)``): an event that carries a descriptor takes it from
/// the queue.
enum WaylandEvent: Equatable {
    /// `wl_display.error`: the compositor ends the connection.
    case error(object: UInt32, code: UInt32, message: String)
    /// `wl_display.delete_id`: an object of the client's is gone.
    case deleteID(UInt32)
    /// `wl_registry.global`.
    case global(registry: UInt32, name: UInt32, interface: String, version: UInt32)
    /// `wl_registry.global_remove`.
    case globalRemove(registry: UInt32, name: UInt32)
    /// `wl_callback.done`.
    case done(callback: UInt32, data: UInt32)
    /// The device's `data_offer`: a new offer object, made by the compositor.
    case dataOffer(device: UInt32, offer: UInt32)
    /// The device's `selection` (``ClipboardSelection/clipboard``) or `primary_selection`: the
    /// offer it now holds, 0 when it is empty.
    case selection(device: UInt32, ClipboardSelection, offer: UInt32)
    /// The device's `finished`: it is no longer valid.
    case finished(device: UInt32)
    /// The offer's `offer`: one of its MIME types.
    case offer(offer: UInt32, mimeType: String)
    /// The source's `send`: write the bytes of `mimeType` into `descriptor`, then close it.
    case send(source: UInt32, mimeType: String, descriptor: Int32)
    /// The source's `cancelled`: it is no longer the selection.
    case cancelled(source: UInt32)
    /// A message for an object of no interface here, or an opcode the interface does not have.
    case other(object: UInt32, opcode: UInt16)

    /// Decodes `message`, for an object of `interface` (`nil`: one the clipboard does not follow).
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` when the arguments are not the event's: too
    ///   few bytes, too many, a string without its NUL, a `new_id` of 0, or no descriptor left for
    ///   `send`.
    init(
        decoding message: WaylandMessage, interface: WaylandInterface?, descriptors: inout WaylandDescriptorQueue
    ) throws(ClipboardError) {
        var reader = WaylandArgumentReader(message)
        let object = message.object
        switch (interface, message.opcode) {
        case (.display, 0):
            self = .error(object: try reader.uint(), code: try reader.uint(), message: try reader.string())
        case (.display, 1):
            self = .deleteID(try reader.uint())
        case (.registry, 0):
            self = .global(
                registry: object, name: try reader.uint(), interface: try reader.string(), version: try reader.uint())
        case (.registry, 1):
            self = .globalRemove(registry: object, name: try reader.uint())
        case (.callback, 0):
            self = .done(callback: object, data: try reader.uint())
        case (.dataControlDevice, 0):
            self = .dataOffer(device: object, offer: try reader.newID())
        case (.dataControlDevice, 1):
            self = .selection(device: object, .clipboard, offer: try reader.uint())
        case (.dataControlDevice, 2):
            self = .finished(device: object)
        case (.dataControlDevice, 3):
            self = .selection(device: object, .primary, offer: try reader.uint())
        case (.dataControlOffer, 0):
            self = .offer(offer: object, mimeType: try reader.string())
        case (.dataControlSource, 0):
            let mimeType = try reader.string()
            reader.descriptor()
            try reader.end()
            let descriptor = try descriptors.take(for: "the send event of source \(object)")
            self = .send(source: object, mimeType: mimeType, descriptor: descriptor)
        case (.dataControlSource, 1):
            self = .cancelled(source: object)
        default:
            self = .other(object: object, opcode: message.opcode)
            return
        }
        try reader.end()
    }

    /// The descriptor the event carries, if any: the receiver's to close.
    var descriptor: Int32? {
        if case .send(_, _, let descriptor) = self { descriptor } else { nil }
    }
}
