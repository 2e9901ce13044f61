import Testing
import TransferSupport

@testable import TransferClipboard

/// A word argument's bytes (host byte order), for the expected messages.
private func words(_ values: UInt32...) -> [UInt8] {
    var bytes: [UInt8] = []
    for value in values { withUnsafeBytes(of: value) { bytes += $0 } }
    return bytes
}

private func object<Interface>(_ id: UInt32, _: Interface.Type = Interface.self) -> WaylandObject<Interface> {
    WaylandObject(WaylandObjectID(id))
}

/// Expects `request` sent to object `to` to be `expected`'s bytes, with no descriptor beside them.
private func expectRequest(
    _ request: some WaylandRequest, to id: WaylandObjectID, is expected: [UInt8],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(try request.message(to: id).encoded() == expected, sourceLocation: sourceLocation)
    #expect(request.descriptor == nil, sourceLocation: sourceLocation)
}

/// Each request the clipboard sends, written by its interface's `Request` and compared with the
/// bytes the protocols' XML gives it: the opcode is the request's position among the interface's
/// requests, the arguments in the XML's order (*The Wayland Protocol*, "Wire Format").
@Suite("WaylandWire: requests, per interface")
struct WaylandRequestTests {
    @Test("wl_display and wl_registry: sync, get_registry, bind with its interface's name and version")
    func displayAndRegistry() throws {
        try expectRequest(WlDisplay.Request.sync(callback: object(3)), to: 1, is: wire(1, 0, [3]))
        try expectRequest(WlDisplay.Request.getRegistry(object(2)), to: 1, is: wire(1, 1, [2]))
        try expectRequest(
            WlRegistry.Request.bind(name: 12, interface: "wl_seat", version: 5, id: 4), to: 2,
            is: wire(2, 0, [12], raw: stringArgument("wl_seat") + words(5, 4)))
    }

    @Test("a window's surface, shell and buffer requests")
    func window() throws {
        try expectRequest(WlCompositor.Request.createSurface(object(5)), to: 3, is: wire(3, 0, [5]))
        try expectRequest(WlSurface.Request.attach(buffer: object(9), x: 0, y: -1), to: 5, is: wire(5, 1, [9, 0, ~0]))
        try expectRequest(WlSurface.Request.attach(buffer: nil, x: 0, y: 0), to: 5, is: wire(5, 1, [0, 0, 0]))
        try expectRequest(
            WlSurface.Request.damage(x: 0, y: 0, width: 640, height: 480), to: 5, is: wire(5, 2, [0, 0, 640, 480]))
        try expectRequest(WlSurface.Request.commit, to: 5, is: wire(5, 6))
        try expectRequest(WlSeat.Request.getPointer(object(11)), to: 7, is: wire(7, 0, [11]))
        try expectRequest(
            WlShmPool.Request.createBuffer(
                object(13), offset: 0, width: 2, height: 3, stride: 8, format: WlShm.xrgb8888),
            to: 12, is: wire(12, 0, [13, 0, 2, 3, 8, 1]))
        try expectRequest(WlShmPool.Request.destroy, to: 12, is: wire(12, 1))
        try expectRequest(WlBuffer.Request.destroy, to: 13, is: wire(13, 0))
        try expectRequest(
            XdgWmBase.Request.getXdgSurface(object(6), surface: object(5)), to: 4, is: wire(4, 2, [6, 5]))
        try expectRequest(XdgWmBase.Request.pong(serial: 99), to: 4, is: wire(4, 3, [99]))
        try expectRequest(XdgSurface.Request.getToplevel(object(8)), to: 6, is: wire(6, 1, [8]))
        try expectRequest(XdgSurface.Request.ackConfigure(serial: 7), to: 6, is: wire(6, 4, [7]))
        try expectRequest(XdgToplevel.Request.setTitle("Drop"), to: 8, is: wire(8, 2, raw: stringArgument("Drop")))
        try expectRequest(
            XdgToplevel.Request.setAppID("transfer"), to: 8, is: wire(8, 3, raw: stringArgument("transfer")))
    }

    @Test("wl_shm.create_pool: the pool and its size in the bytes, the memory's descriptor beside them")
    func createPool() throws {
        let memory = FileDescriptor(rawValue: 41)
        let request = WlShm.Request.createPool(object(12), descriptor: memory, size: 4096)
        #expect(try request.message(to: 10).encoded() == wire(10, 0, [12, 4096]))
        #expect(request.descriptor == memory)
    }

    @Test("drag and drop: the manager, the device's start_drag, the source's and offer's requests")
    func dragAndDrop() throws {
        try expectRequest(WlDataDeviceManager.Request.createDataSource(object(20)), to: 9, is: wire(9, 0, [20]))
        try expectRequest(
            WlDataDeviceManager.Request.getDataDevice(object(21), seat: object(7)), to: 9, is: wire(9, 1, [21, 7]))
        try expectRequest(
            WlDataDevice.Request.startDrag(source: object(20), origin: object(5), icon: nil, serial: 33), to: 21,
            is: wire(21, 0, [20, 5, 0, 33]))
        try expectRequest(
            WlDataSource.Request.offer(mimeType: "text/plain"), to: 20,
            is: wire(20, 0, raw: stringArgument("text/plain")))
        try expectRequest(WlDataSource.Request.destroy, to: 20, is: wire(20, 1))
        try expectRequest(WlDataSource.Request.setActions([.copy, .move]), to: 20, is: wire(20, 2, [3]))
        let offer: WaylandObjectID = 0xFF00_0002
        try expectRequest(
            WlDataOffer.Request.accept(serial: 34, mimeType: "image/png"), to: offer,
            is: wire(offer, 0, [34], raw: stringArgument("image/png")))
        // A null string: its length, 0, alone.
        try expectRequest(
            WlDataOffer.Request.accept(serial: 34, mimeType: nil), to: offer, is: wire(offer, 0, [34, 0]))
        try expectRequest(WlDataOffer.Request.destroy, to: offer, is: wire(offer, 2))
        try expectRequest(WlDataOffer.Request.finish, to: offer, is: wire(offer, 3))
        try expectRequest(
            WlDataOffer.Request.setActions([.copy, .move], preferred: .copy), to: offer, is: wire(offer, 4, [3, 1]))
        let pipe = FileDescriptor(rawValue: 42)
        let receive = WlDataOffer.receive("text/plain", into: pipe)
        #expect(
            try receive.message(to: offer).encoded()
                == wire(offer, 1, raw: stringArgument("text/plain")))
        #expect(receive.descriptor == pipe)
    }

    @Test("data-control: the manager, the device's selections (null: cleared), the source and the offer")
    func dataControl() throws {
        try expectRequest(DataControlManager.Request.createDataSource(object(6)), to: 3, is: wire(3, 0, [6]))
        try expectRequest(
            DataControlManager.Request.getDataDevice(object(5), seat: object(4)), to: 3, is: wire(3, 1, [5, 4]))
        try expectRequest(DataControlDevice.Request.set(.clipboard, to: object(6)), to: 5, is: wire(5, 0, [6]))
        try expectRequest(DataControlDevice.Request.set(.clipboard, to: nil), to: 5, is: wire(5, 0, [0]))
        try expectRequest(DataControlDevice.Request.set(.primary, to: object(6)), to: 5, is: wire(5, 2, [6]))
        try expectRequest(DataControlDevice.Request.set(.primary, to: nil), to: 5, is: wire(5, 2, [0]))
        try expectRequest(DataControlDevice.Request.destroy, to: 5, is: wire(5, 1))
        try expectRequest(
            DataControlSource.Request.offer(mimeType: "UTF8_STRING"), to: 6,
            is: wire(6, 0, raw: stringArgument("UTF8_STRING")))
        try expectRequest(DataControlSource.Request.destroy, to: 6, is: wire(6, 1))
        let offer: WaylandObjectID = 0xFF00_0001
        try expectRequest(DataControlOffer.Request.destroy, to: offer, is: wire(offer, 1))
        let pipe = FileDescriptor(rawValue: 43)
        let receive = DataControlOffer.receive("image/png", into: pipe)
        #expect(
            try receive.message(to: offer).encoded()
                == wire(offer, 0, raw: stringArgument("image/png")))
        #expect(receive.descriptor == pipe)
    }

    @Test("the virtual pointer: made on a seat or the compositor's choice, moved, pressed, framed")
    func virtualPointer() throws {
        try expectRequest(
            VirtualPointerManager.Request.createVirtualPointer(seat: object(4), object(5)), to: 3,
            is: wire(3, 0, [4, 5]))
        try expectRequest(
            VirtualPointerManager.Request.createVirtualPointer(seat: nil, object(5)), to: 3, is: wire(3, 0, [0, 5]))
        try expectRequest(
            VirtualPointer.Request.motionAbsolute(time: 16, x: 10, y: 20, width: 800, height: 600), to: 5,
            is: wire(5, 1, [16, 10, 20, 800, 600]))
        try expectRequest(
            VirtualPointer.Request.button(time: 32, button: WaylandWindow.firstButton, pressed: true), to: 5,
            is: wire(5, 2, [32, 0x110, 1]))
        try expectRequest(
            VirtualPointer.Request.button(time: 48, button: WaylandWindow.firstButton, pressed: false), to: 5,
            is: wire(5, 2, [48, 0x110, 0]))
        try expectRequest(VirtualPointer.Request.frame, to: 5, is: wire(5, 4))
    }

    @Test("each interface's name is the one its XML gives; the wlroots data-control is the same interface's twin")
    func names() {
        let names = [
            WlDisplay.name, WlRegistry.name, WlCallback.name, WlCompositor.name, WlSurface.name, WlSeat.name,
            WlPointer.name, WlShm.name, WlShmPool.name, WlBuffer.name, WlDataDeviceManager.name, WlDataDevice.name,
            WlDataSource.name, WlDataOffer.name, XdgWmBase.name, XdgSurface.name, XdgToplevel.name,
            DataControlManager.name, DataControlDevice.name, DataControlSource.name, DataControlOffer.name,
            VirtualPointerManager.name, VirtualPointer.name,
        ]
        #expect(
            names == [
                "wl_display", "wl_registry", "wl_callback", "wl_compositor", "wl_surface", "wl_seat", "wl_pointer",
                "wl_shm", "wl_shm_pool", "wl_buffer", "wl_data_device_manager", "wl_data_device", "wl_data_source",
                "wl_data_offer", "xdg_wm_base", "xdg_surface", "xdg_toplevel", "ext_data_control_manager_v1",
                "ext_data_control_device_v1", "ext_data_control_source_v1", "ext_data_control_offer_v1",
                "zwlr_virtual_pointer_manager_v1", "zwlr_virtual_pointer_v1",
            ])
        #expect(DataControlManager.wlrootsName == "zwlr_data_control_manager_v1")
    }
}
