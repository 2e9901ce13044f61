import TransferClipboard

/// `--geometry WxH+X+Y`: where a window of the tool's own (`transfer drag`, `transfer drop`) is on
/// the screen, as `xterm -geometry` takes it.
enum GeometryOption {
    static let option = OptionDeclaration.value(
        "geometry", "WxH+X+Y",
        help: "The window's size and place, as xterm -geometry takes them (default: 320x240+0+0).")

    /// The frame `text` names; the default frame when the option was not given.
    ///
    /// - Throws: ``UsageError`` naming what was given and what was expected.
    static func frame(_ text: String?) throws(UsageError) -> WindowFrame {
        guard let text else { return WindowFrame() }
        guard let frame = WindowFrame(geometry: text) else {
            throw UsageError("--geometry '\(text)': expected WIDTHxHEIGHT+X+Y, such as 320x240+0+0")
        }
        return frame
    }
}
