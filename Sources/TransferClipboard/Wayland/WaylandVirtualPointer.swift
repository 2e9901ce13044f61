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
    private let pointer: UInt32
    private var time: UInt32 = 0

    /// Connects to the compositor at `socket` and makes the pointer on its first seat.
    ///
    /// - Throws: ``ClipboardError``: `unsupported` when the compositor has no
    ///   `zwlr_virtual_pointer_manager_v1` (GNOME's and KDE's have none); `connectionFailed`,
    ///   `timedOut`.
    package init(socket: String, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        connection = try WaylandConnection(socket: socket)
        let (registry, globals) = try connection.globals(deadline: deadline)
        guard let manager = globals["zwlr_virtual_pointer_manager_v1"], let seat = globals["wl_seat"] else {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(connection.name) has no zwlr_virtual_pointer_manager_v1 or no seat")
        }
        let managerID = try connection.bind(
            registry, manager.name, "zwlr_virtual_pointer_manager_v1", version: min(manager.version, 2))
        let seatID = try connection.bind(registry, seat.name, "wl_seat", version: 1)
        pointer = connection.newID()
        try connection.send(managerID, 0, .init().uint(seatID).uint(pointer))  // create_virtual_pointer
        try connection.roundTrip(deadline: deadline) { _ in }
    }

    /// Moves the pointer to `x`, `y` of a `width` × `height` layout (the outputs' together).
    package func move(to x: Int, _ y: Int, in width: Int, _ height: Int) throws(ClipboardError) {
        try send(
            1,
            .init().uint(nextTime()).uint(UInt32(max(0, x))).uint(UInt32(max(0, y))).uint(UInt32(width)).uint(
                UInt32(height)))
    }

    /// Presses (`true`) or releases the first button.
    package func press(_ pressed: Bool) throws(ClipboardError) {
        try send(2, .init().uint(nextTime()).uint(WaylandWindow.firstButton).uint(pressed ? 1 : 0))
    }

    /// Sends the request and a frame, and waits for the compositor to have them.
    private func send(_ opcode: UInt16, _ arguments: WaylandArguments) throws(ClipboardError) {
        try connection.send(pointer, opcode, arguments)
        try connection.send(pointer, 4)  // frame
        try connection.roundTrip(deadline: .now + .seconds(10)) { _ in }
    }

    private func nextTime() -> UInt32 {
        time &+= 16
        return time
    }
}
