/// A local X display as `DISPLAY` names it (`:0`, `:0.0`, `unix:0`): its number, and the socket
/// its server listens on.
struct X11Display: Equatable {
    let number: Int

    /// The display `name` names; `nil` for a remote one (`host:0`), or a name that is not one.
    init?(_ name: String) {
        var rest = Substring(name)
        if rest.hasPrefix("unix:") { rest = rest.dropFirst(4) }
        guard rest.first == ":" else { return nil }
        let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        // A screen after the dot, in digits, as xcb_parse_display takes it: `:1.` is no display.
        let after = rest.dropFirst(1 + digits.count)
        let screen = after.dropFirst()
        guard
            after.isEmpty || (after.first == "." && !screen.isEmpty && screen.allSatisfy { $0.isASCII && $0.isNumber })
        else { return nil }
        self.number = number
    }

    /// The Unix socket of the display's server.
    var socketPath: String { "/tmp/.X11-unix/X\(number)" }
}
