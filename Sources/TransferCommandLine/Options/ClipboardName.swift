import ContentTypes
import TransferClipboard

/// A clipboard type named on the command line by `transfer copy --type` and `transfer paste --type`:
/// a clipboard name as apps offer it (`image/png`, `UTF8_STRING`), or any name the rest of the tool
/// takes for a type (`public.png`, `.png`, `png`), mapped through the type's tags — so that
/// `--type public.png` means the same on X11 and Wayland, and the same as `convert --to public.png`.
enum ClipboardName {
    /// The names a copy offers for `name`: a type the tool names (an identifier, `.ext`, a bare
    /// extension) becomes every name that type is offered under (`public.utf8-plain-text` as
    /// `text/plain;charset=utf-8`, `UTF8_STRING`, …); a MIME type or an X11 target name is offered
    /// as written.
    static func offered(for name: String) -> [String] {
        guard let type = toolType(name) else { return [name] }
        return ClipboardTypeMapping.names(for: type)
    }

    /// The name to paste for `name`, among the names the clipboard `offers`: the name itself when
    /// it is offered; else, for a name the tool reads as a type, the first offered name of that
    /// type, or of a type that conforms to it (`public.png` → `image/png`); else the name itself,
    /// for the clipboard to refuse in its own words.
    static func pasted(_ name: String, offers: [ClipboardType]) -> String {
        if offers.contains(where: { $0.name == name }) { return name }
        guard let type = (try? TypeName.resolve(name)) else { return name }
        let exact = offers.first { $0.contentType == type }
        return (exact ?? offers.first { $0.contentType?.conforms(to: type) == true })?.name ?? name
    }

    /// The type `name` names when it is one of the tool's own spellings of a type rather than a
    /// clipboard name: a declared identifier, `.ext`, or a bare extension a declared type carries.
    private static func toolType(_ name: String) -> UTType? {
        // An X11 target such as UTF8_STRING or TARGETS names no declared type.
        guard !name.contains("/"), let type = try? TypeName.resolve(name), type.isDeclared else { return nil }
        return type
    }
}
