public import TransferKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which of the desktop's selections: the clipboard (an explicit copy, pasted with a paste
/// command) or the primary selection (the text last selected, pasted with the middle button).
///
/// `ClipboardSelection` is `Sendable`.
public struct ClipboardSelection: Sendable, Hashable, CustomStringConvertible {
    /// The name, as X11 names the selection: `CLIPBOARD` or `PRIMARY`.
    public let name: String

    private init(_ name: String) { self.name = name }

    /// `CLIPBOARD`: what Copy puts and Paste takes.
    public static let clipboard = ClipboardSelection("CLIPBOARD")
    /// `PRIMARY`: the current selection, pasted with the middle button.
    public static let primary = ClipboardSelection("PRIMARY")
    /// `XdndSelection`: what a drag carries on X11, converted by the drop target.
    static let drag = ClipboardSelection("XdndSelection")

    /// The name.
    public var description: String { name }
}

/// One type on the clipboard: the name its owner offers it under (a MIME type, a legacy X11 name
/// such as `UTF8_STRING`, or a type identifier), and the content type it maps to.
///
/// `ClipboardType` is `Sendable`.
public struct ClipboardType: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name offered: `image/png`, `UTF8_STRING`, `text/uri-list`, `com.example.note`.
    public let name: String
    /// The content type the name maps to (see ``ClipboardTypeMapping``); `nil` for the
    /// protocol's own names (`TARGETS`, `TIMESTAMP`, `MULTIPLE`) and names nothing maps.
    public let contentType: UTType?

    /// Creates a type.
    ///
    /// - Parameters:
    ///   - name: The name offered.
    ///   - contentType: The content type it maps to.
    public init(name: String, contentType: UTType?) {
        self.name = name
        self.contentType = contentType
    }

    /// `name → identifier`, or the name alone.
    public var description: String { contentType.map { "\(name) → \($0.identifier)" } ?? name }
}
