/// The events a client selects on a window (*X Window System Protocol*, "Common Types":
/// `SETofEVENT`), or a `SendEvent` is sent to: the bits the clipboard uses.
struct X11EventMask: OptionSet, Hashable, Sendable {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    static let buttonPress = X11EventMask(rawValue: 0x0000_0004)
    static let buttonRelease = X11EventMask(rawValue: 0x0000_0008)
    /// Moves while a button is down.
    static let buttonMotion = X11EventMask(rawValue: 0x0000_2000)
    /// `Expose`, when a window's contents must be drawn again.
    static let exposure = X11EventMask(rawValue: 0x0000_8000)
    /// `MapNotify`, `DestroyNotify` and the like, of the window itself.
    static let structureNotify = X11EventMask(rawValue: 0x0002_0000)
    /// The same, of the window's children: on the root, every top-level window mapped.
    static let substructureNotify = X11EventMask(rawValue: 0x0008_0000)
    static let propertyChange = X11EventMask(rawValue: 0x0040_0000)

    /// A press, which starts the server's implicit grab (the window then gets the pointer's
    /// events wherever it goes), the moves while a button is down, and the release.
    static let buttonDrag: X11EventMask = [.buttonPress, .buttonRelease, .buttonMotion]
}
