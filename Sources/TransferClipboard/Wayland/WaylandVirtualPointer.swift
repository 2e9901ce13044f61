/// A pointer device made by a client on a wlroots compositor (`zwlr_virtual_pointer_manager_v1`,
/// which sway has): it moves and presses as a real device does, through the compositor's input
/// path, so that a press's serial starts a drag. A headless compositor's seat has no pointer until
/// one exists; making this one gives every client's seat the pointer capability. Tests drive drags
/// on sway with it, as `xdotool` drives them on an X server.
///
/// One thread uses it at a time; it is not `Sendable`. Each call returns once the compositor has
/// handled it.
package final class WaylandVirtualPointer {
    private let connection: WaylandConnection
    private let pointer: WaylandObject<VirtualPointer>
    private var time: UInt32 = 0

    /// Connects to the compositor at `socket` and makes the pointer on its first seat.
    ///
    /// - Throws: ``ClipboardError``: `unsupported` when the compositor has no
    ///   `zwlr_virtual_pointer_manager_v1` (GNOME's and KDE's have none); `connectionFailed`,
    ///   `timedOut`.
    package init(socket: String, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        connection = try WaylandConnection(socket: socket)
        let (registry, globals) = try connection.globals(deadline: deadline)
        guard let manager = globals[VirtualPointerManager.name], let seat = globals[WlSeat.name] else {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(connection.name) has no zwlr_virtual_pointer_manager_v1 or no seat")
        }
        let managerObject: WaylandObject<VirtualPointerManager> = try connection.bind(
            manager, version: min(manager.version, 2), through: registry)
        let seatObject: WaylandObject<WlSeat> = try connection.bind(seat, version: 1, through: registry)
        pointer = connection.newObject()
        try connection.send(.createVirtualPointer(seat: seatObject, pointer), to: managerObject)
        try connection.roundTrip(deadline: deadline) { _ in }
    }

    /// Moves the pointer to `x`, `y` of a `width` × `height` layout (the outputs' together).
    package func move(to x: Int, _ y: Int, in width: Int, _ height: Int) throws(ClipboardError) {
        try send(
            .motionAbsolute(
                time: nextTime(), x: UInt32(max(0, x)), y: UInt32(max(0, y)), width: UInt32(max(0, width)),
                height: UInt32(max(0, height))))
    }

    /// Presses (`true`) or releases the first button.
    package func press(_ pressed: Bool) throws(ClipboardError) {
        try send(.button(time: nextTime(), button: WaylandWindow.firstButton, pressed: pressed))
    }

    /// Sends the request and a frame, and waits for the compositor to have them.
    private func send(_ request: VirtualPointer.Request) throws(ClipboardError) {
        try connection.send(request, to: pointer)
        try connection.send(.frame, to: pointer)
        try connection.roundTrip(deadline: .now + .seconds(10)) { _ in }
    }

    private func nextTime() -> UInt32 {
        time &+= 16
        return time
    }
}
