internal import TransferSupport

/// An event the clipboard reads from a compositor, decoded from a ``WaylandMessage`` by the
/// interface of the object it is for (the protocols' XML: `wayland.xml` for `wl_display`,
/// `wl_registry` and `wl_callback`; `ext-data-control-v1.xml` and
/// `wlr-data-control-unstable-v1.xml` for the device, offer and source, whose events have the same
/// opcodes and arguments; `wayland.xml` and `xdg-shell.xml` for a window's seat, pointer, surface
/// and drag and drop, whose source and offer share their `send`, `cancelled` and `offer` events'
/// shapes with data-control's).
///
/// Decoding is a pure function of the message, the interface and the descriptors received
/// (``init(decoding:interface:descriptors:)``): an event that carries a descriptor takes it from
/// the queue.
enum WaylandEvent: Equatable {
    /// The tables of events the clipboard decodes, one per interface it follows: what a message's
    /// object is decides what its opcode means (*The Wayland Protocol*, "Wire Format": the
    /// receiver knows each object's interface, from the request or event that made it). An
    /// interface type names its table (``WaylandInterface/events``).
    enum Interface: Equatable {
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
        /// `wl_seat`.
        case seat
        /// `wl_pointer`.
        case pointer
        /// `xdg_wm_base`.
        case windowManager
        /// `xdg_surface`.
        case windowSurface
        /// `xdg_toplevel`.
        case toplevel
        /// `wl_data_device`: drag and drop's device.
        case dataDevice
        /// `wl_data_source`: a drag's data.
        case dataSource
        /// `wl_data_offer`: a drag's data as its target sees it.
        case dataOffer
    }

    /// `wl_display.error`: the compositor ends the connection.
    case error(object: WaylandObjectID, code: UInt32, message: String)
    /// `wl_display.delete_id`: an object of the client's is gone.
    case deleteID(WaylandObjectID)
    /// `wl_registry.global`.
    case global(registry: WaylandObjectID, name: UInt32, interface: String, version: UInt32)
    /// `wl_registry.global_remove`.
    case globalRemove(registry: WaylandObjectID, name: UInt32)
    /// `wl_callback.done`.
    case done(callback: WaylandObjectID, data: UInt32)
    /// The device's `data_offer`: a new offer object, made by the compositor.
    case dataOffer(device: WaylandObjectID, offer: WaylandObjectID)
    /// The device's `selection` (``ClipboardSelection/clipboard``) or `primary_selection`: the
    /// offer it now holds, `nil` when it is empty (a data-control device's, or a window's
    /// `wl_data_device`'s).
    case selection(device: WaylandObjectID, ClipboardSelection, offer: WaylandObjectID?)
    /// The device's `finished`: it is no longer valid.
    case finished(device: WaylandObjectID)
    /// The offer's `offer`: one of its MIME types.
    case offer(offer: WaylandObjectID, mimeType: String)
    /// The source's `send`: write the bytes of `mimeType` into `descriptor`, then close it.
    case send(source: WaylandObjectID, mimeType: String, descriptor: FileDescriptor)
    /// The source's `cancelled`: it is no longer the selection.
    case cancelled(source: WaylandObjectID)
    /// `wl_data_source.target`: the target under a drag accepts `mimeType` (`nil`: none of the
    /// types offered).
    case target(source: WaylandObjectID, mimeType: String?)
    /// `wl_seat.capabilities`: which devices the seat has (pointer 1, keyboard 2, touch 4).
    case capabilities(seat: WaylandObjectID, UInt32)
    /// `wl_pointer.enter`: the pointer came over `surface`, at `x`, `y` in it.
    case pointerEnter(serial: UInt32, surface: WaylandObjectID, x: Double, y: Double)
    /// `wl_pointer.leave`.
    case pointerLeave(serial: UInt32, surface: WaylandObjectID)
    /// `wl_pointer.motion`: the pointer is at `x`, `y` of the surface it is over.
    case pointerMotion(x: Double, y: Double)
    /// `wl_pointer.button`: a button (`BTN_LEFT` is 0x110) pressed or released.
    case pointerButton(serial: UInt32, button: UInt32, pressed: Bool)
    /// `xdg_wm_base.ping`: answer with `pong`, or be taken for hung.
    case ping(serial: UInt32)
    /// `xdg_surface.configure`: acknowledge `serial`, then commit.
    case configure(surface: WaylandObjectID, serial: UInt32)
    /// `xdg_toplevel.configure`: the size the compositor asks for (0: the window's choice).
    case toplevelSize(toplevel: WaylandObjectID, width: Int32, height: Int32)
    /// `xdg_toplevel.close`: the user asked the window to close.
    case close(toplevel: WaylandObjectID)
    /// `wl_data_device.data_offer`: a new drag offer (or selection offer), made by the compositor.
    case dragOffer(device: WaylandObjectID, offer: WaylandObjectID)
    /// `wl_data_device.enter`: a drag came over `surface`, with `offer` (`nil` for a drag of no
    /// data).
    case dragEnter(serial: UInt32, surface: WaylandObjectID, x: Double, y: Double, offer: WaylandObjectID?)
    /// `wl_data_device.leave`: the drag left, or was dropped.
    case dragLeave(device: WaylandObjectID)
    /// `wl_data_device.motion`.
    case dragMotion(x: Double, y: Double)
    /// `wl_data_device.drop`: the user dropped on the surface the drag entered.
    case dragDrop(device: WaylandObjectID)
    /// `wl_data_source.dnd_drop_performed`: the user dropped; not yet a success.
    case dropPerformed(source: WaylandObjectID)
    /// `wl_data_source.dnd_finished`: the target took the data.
    case dragFinished(source: WaylandObjectID)
    /// `wl_data_offer.source_actions`: the actions the drag's source allows.
    case sourceActions(offer: WaylandObjectID, WaylandDragActions)
    /// `wl_data_source.action` or `wl_data_offer.action`: the action the compositor chose (none
    /// when it is empty).
    case action(object: WaylandObjectID, WaylandDragActions)
    /// A message for an object of no interface here, or an opcode the interface does not have.
    case other(object: WaylandObjectID, opcode: UInt16)

    /// Decodes `message`, for an object of `interface` (`nil`: one the clipboard does not follow).
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` when the arguments are not the event's: too
    ///   few bytes, too many, a string without its NUL, a `new_id` of 0, or no descriptor left for
    ///   `send`.
    init(
        decoding message: WaylandMessage, interface: Interface?, descriptors: inout WaylandDescriptorQueue
    ) throws(ClipboardError) {
        var reader = WaylandArgumentReader(message)
        let object = message.object
        switch (interface, message.opcode) {
        case (.display, 0):
            self = .error(object: try reader.object(), code: try reader.uint(), message: try reader.string())
        case (.display, 1):
            self = .deleteID(WaylandObjectID(try reader.uint()))
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
            self = .selection(device: object, .clipboard, offer: try reader.nullableObject())
        case (.dataControlDevice, 2):
            self = .finished(device: object)
        case (.dataControlDevice, 3):
            self = .selection(device: object, .primary, offer: try reader.nullableObject())
        // A data-control offer's and source's events, and a drag's offer's and source's of the
        // same shapes (their opcodes differ).
        case (.dataControlOffer, 0), (.dataOffer, 0):
            self = .offer(offer: object, mimeType: try reader.string())
        case (.dataControlSource, 0), (.dataSource, 1):
            let mimeType = try reader.string()
            reader.descriptor()
            try reader.end()
            let descriptor = try descriptors.take(for: "the send event of source \(object)")
            self = .send(source: object, mimeType: mimeType, descriptor: descriptor)
        case (.dataControlSource, 1), (.dataSource, 2):
            self = .cancelled(source: object)
        case (.seat, 0):
            self = .capabilities(seat: object, try reader.uint())
        case (.pointer, 0):
            self = .pointerEnter(
                serial: try reader.uint(), surface: try reader.object(), x: try reader.fixed(), y: try reader.fixed())
        case (.pointer, 1):
            self = .pointerLeave(serial: try reader.uint(), surface: try reader.object())
        case (.pointer, 2):
            _ = try reader.uint()  // time
            self = .pointerMotion(x: try reader.fixed(), y: try reader.fixed())
        case (.pointer, 3):
            let serial = try reader.uint()
            _ = try reader.uint()  // time
            self = .pointerButton(serial: serial, button: try reader.uint(), pressed: try reader.uint() == 1)
        case (.windowManager, 0):
            self = .ping(serial: try reader.uint())
        case (.windowSurface, 0):
            self = .configure(surface: object, serial: try reader.uint())
        case (.toplevel, 0):
            let (width, height) = (try reader.int(), try reader.int())
            _ = try reader.array()  // states
            self = .toplevelSize(toplevel: object, width: width, height: height)
        case (.toplevel, 1):
            self = .close(toplevel: object)
        case (.dataDevice, 0):
            self = .dragOffer(device: object, offer: try reader.newID())
        case (.dataDevice, 1):
            self = .dragEnter(
                serial: try reader.uint(), surface: try reader.object(), x: try reader.fixed(), y: try reader.fixed(),
                offer: try reader.nullableObject())
        case (.dataDevice, 2):
            self = .dragLeave(device: object)
        case (.dataDevice, 3):
            _ = try reader.uint()  // time
            self = .dragMotion(x: try reader.fixed(), y: try reader.fixed())
        case (.dataDevice, 4):
            self = .dragDrop(device: object)
        case (.dataDevice, 5):
            self = .selection(device: object, .clipboard, offer: try reader.nullableObject())
        case (.dataSource, 0):
            self = .target(source: object, mimeType: try reader.nullableString())
        case (.dataSource, 3):
            self = .dropPerformed(source: object)
        case (.dataSource, 4):
            self = .dragFinished(source: object)
        case (.dataSource, 5), (.dataOffer, 2):
            self = .action(object: object, WaylandDragActions(rawValue: try reader.uint()))
        case (.dataOffer, 1):
            self = .sourceActions(offer: object, WaylandDragActions(rawValue: try reader.uint()))
        default:
            self = .other(object: object, opcode: message.opcode)
            return
        }
        try reader.end()
    }

    /// The number of ``descriptor``, for the fuzzer (see ``WaylandDescriptorQueue/init(numbers:closing:)``).
    var descriptorNumber: Int32? { descriptor?.rawValue }

    /// The descriptor the event carries, if any: the receiver's to close.
    var descriptor: FileDescriptor? {
        if case .send(_, _, let descriptor) = self { descriptor } else { nil }
    }
}
