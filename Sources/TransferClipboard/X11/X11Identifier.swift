/// One of the X11 core protocol's 32-bit identifiers, each its own type (*X Window System
/// Protocol*, "Common Types": `WINDOW`, `ATOM`, `TIMESTAMP`, `GCONTEXT`), so that a window cannot
/// go where an atom is asked for, as ``WaylandObject`` does for Wayland's objects. The wire carries
/// each as its 32 bits (`rawValue`), which only the codecs read; 0 is the protocol's `None` (for a
/// timestamp, `CurrentTime`).
///
/// A literal is an identifier (`X11Atom.string` is 31, as the protocol predefines it), as xcb's
/// `xcb_atom_t` is a number; a variable holding a number is not.
protocol X11Identifier: RawRepresentable<UInt32>, Hashable, Sendable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    init(rawValue: UInt32)
}

extension X11Identifier {
    init(integerLiteral value: UInt32) {
        self.init(rawValue: value)
    }

    /// The number, in decimal, as `xprop` and `xwininfo` print ids of this kind in their
    /// diagnostics.
    var description: String { "\(rawValue)" }
}

/// A window, by its id: one a client made from its range of resource ids, or a screen's root.
struct X11Window: X11Identifier {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `None`: no window (a `TranslateCoordinates` reply's child outside every child, a selection
    /// without an owner).
    static let none: X11Window = 0
}

/// An atom: a name the server has numbered, the same for every client while it runs.
struct X11Atom: X11Identifier {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `None`: no atom (a property refused in `SelectionNotify`, any type in `GetProperty`).
    static let none: X11Atom = 0
    /// The predefined atoms the clipboard uses ("Predefined Atoms" of the protocol): `PRIMARY`,
    /// `ATOM`, `INTEGER`, `STRING` and `WM_NAME`.
    static let primary: X11Atom = 1
    static let atom: X11Atom = 4
    static let integer: X11Atom = 19
    static let string: X11Atom = 31
    static let wmName: X11Atom = 39
}

/// A server time, in milliseconds; 0 is `CurrentTime`, which the server replaces with its own.
/// Times compare as their numbers, as the selection protocol compares them (ICCCM §2.2).
struct X11Timestamp: X11Identifier, Comparable {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    static func < (earlier: X11Timestamp, later: X11Timestamp) -> Bool {
        earlier.rawValue < later.rawValue
    }

    /// `CurrentTime`.
    static let currentTime: X11Timestamp = 0
}

/// A graphics context: what `PutImage` draws with.
struct X11GraphicsContext: X11Identifier {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }
}
