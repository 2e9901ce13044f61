import TransferClipboard

/// `--geometry WxH+X+Y`: where a window of the tool's own (`transfer drag`, `transfer drop`) is on
/// the screen, as `xterm -geometry` takes it; read as ``OptionValueType/geometry``.
enum GeometryOption {
    static let option = OptionDeclaration.value(
        "geometry", "WxH+X+Y",
        help: "The window's size and place, as xterm -geometry takes them (default: 320x240+0+0).")
}
