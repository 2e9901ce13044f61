/// The atoms of XDND on one X server ("Atoms and properties" of the specification), interned
/// once by each side of a drag.
struct XdndAtoms {
    let aware, proxy, selection, typeList, actionList: X11Atom
    /// `XdndDirectSave0`: offered by a source that can save a file itself (XDS), and the property
    /// of its window holding the file's name.
    let directSave: X11Atom
    let messages: XdndMessage.Atoms
    let actions: XdndTargetSession.Atoms
    /// `WM_NAME`'s UTF-8 twin, which window managers show: Chromium drags only onto windows with
    /// a `WM_NAME`, so a target has both.
    let netWMName, utf8String: X11Atom

    init(_ connection: X11Connection, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        func atom(_ name: String) throws(ClipboardError) -> X11Atom {
            try connection.internAtom(name, deadline: deadline)
        }
        aware = try atom("XdndAware")
        proxy = try atom("XdndProxy")
        selection = try atom("XdndSelection")
        typeList = try atom("XdndTypeList")
        actionList = try atom("XdndActionList")
        directSave = try atom("XdndDirectSave0")
        messages = XdndMessage.Atoms(
            enter: try atom("XdndEnter"), position: try atom("XdndPosition"), status: try atom("XdndStatus"),
            leave: try atom("XdndLeave"), drop: try atom("XdndDrop"), finished: try atom("XdndFinished"))
        actions = XdndTargetSession.Atoms(
            copy: try atom("XdndActionCopy"), move: try atom("XdndActionMove"), link: try atom("XdndActionLink"),
            ask: try atom("XdndActionAsk"), private: try atom("XdndActionPrivate"), delete: try atom("DELETE"))
        netWMName = try atom("_NET_WM_NAME")
        utf8String = try atom("UTF8_STRING")
    }
}
