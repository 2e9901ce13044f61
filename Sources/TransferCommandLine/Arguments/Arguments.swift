/// The arguments of one command, consumed as the command reads them.
///
/// Options are `--name value`, `--name=value` or a flag `--name`; everything else is positional.
/// `--` ends the options. After reading what it knows, a command calls ``finish()`` so that an
/// unknown option or an extra argument is a usage error rather than silently ignored.
struct Arguments {
    private var remaining: [String]
    private var positionalsOnly: [String] = []
    /// The options the command declares: the only ones it may read.
    let declared: [OptionDeclaration]

    /// Splits `arguments` at `--` into options and positional arguments.
    ///
    /// - Parameters:
    ///   - arguments: The command's arguments, without its name.
    ///   - options: The options the command declares.
    init(_ arguments: some Sequence<String>, declaring options: [OptionDeclaration] = []) {
        var before: [String] = []
        var afterSeparator: [String] = []
        var seenSeparator = false
        for argument in arguments {
            if seenSeparator {
                afterSeparator.append(argument)
            } else if argument == "--" {
                seenSeparator = true
            } else {
                before.append(argument)
            }
        }
        remaining = before
        positionalsOnly = afterSeparator
        declared = options
    }

    /// Whether `option` is on the command line (before `--`), without consuming it: for the checks
    /// of a command's ``Constraint``s before it runs.
    func isGiven(_ option: OptionDeclaration) -> Bool {
        remaining.contains { argument in
            option.spellings.contains { argument == $0 || argument.hasPrefix($0 + "=") }
        }
    }

    /// Whether `--help` or `-h` was given.
    var wantsHelp: Bool { remaining.contains("--help") || remaining.contains("-h") }

    /// The value of an option that takes one, consumed; `nil` if absent.
    ///
    /// - Throws: ``UsageError`` if the option is given without a value or more than once.
    mutating func value(_ option: OptionDeclaration) throws(UsageError) -> String? {
        let values = try consume(option)
        guard values.count <= 1 else { throw UsageError("--\(option.name) is given more than once") }
        return values.first
    }

    /// Every value of a repeatable option, consumed, in order.
    ///
    /// - Throws: ``UsageError`` if an occurrence has no value.
    mutating func values(_ option: OptionDeclaration) throws(UsageError) -> [String] {
        try consume(option)
    }

    /// The value of a choice option, consumed: its default when absent.
    ///
    /// - Throws: ``UsageError`` if the value is not one of the choices, or is given twice.
    mutating func choice(_ option: OptionDeclaration) throws(UsageError) -> String {
        guard case .choice(let choices, let defaultValue) = option.value else {
            preconditionFailure("--\(option.name) is not declared as a choice")
        }
        guard let value = try value(option) else { return defaultValue }
        guard choices.contains(value) else {
            throw UsageError("--\(option.name) expects one of \(choices.joined(separator: ", ")), found '\(value)'")
        }
        return value
    }

    /// Whether a flag is present, consumed.
    mutating func isSet(_ option: OptionDeclaration) -> Bool {
        assertDeclared(option)
        var found = false
        while let index = remaining.firstIndex(where: option.spellings.contains) {
            remaining.remove(at: index)
            found = true
        }
        return found
    }

    /// Every value of `options`, consumed, in the order given on the command line.
    ///
    /// - Throws: ``UsageError`` if an occurrence has no value.
    mutating func orderedValues(_ options: [OptionDeclaration]) throws(UsageError) -> [(
        option: OptionDeclaration, value: String
    )] {
        var values: [(option: OptionDeclaration, value: String)] = []
        var index = 0
        while index < remaining.count {
            guard let (option, value, count) = try occurrence(at: index, of: options) else {
                index += 1
                continue
            }
            values.append((option, value))
            remaining.removeSubrange(index..<index + count)
        }
        return values
    }

    /// Every value of `option`, consumed.
    private mutating func consume(_ option: OptionDeclaration) throws(UsageError) -> [String] {
        try orderedValues([option]).map(\.value)
    }

    /// The option among `options` at `index`, with its value and how many arguments it spans.
    private func occurrence(at index: Int, of options: [OptionDeclaration]) throws(UsageError) -> (
        OptionDeclaration, String, Int
    )? {
        let argument = remaining[index]
        guard argument.hasPrefix("-") else { return nil }
        for option in options {
            assertDeclared(option)
            for spelling in option.spellings {
                if argument == spelling {
                    guard index + 1 < remaining.count,
                        !remaining[index + 1].hasPrefix("--") || remaining[index + 1] == "-"
                    else { throw UsageError("\(spelling) needs a value") }
                    return (option, remaining[index + 1], 2)
                }
                if argument.hasPrefix(spelling + "=") {
                    return (option, String(argument.dropFirst(spelling.count + 1)), 1)
                }
            }
        }
        return nil
    }

    private func assertDeclared(_ option: OptionDeclaration) {
        assert(declared.contains(option), "--\(option.name) is read but not declared by the command")
    }

    /// The next positional argument, consumed.
    mutating func positional() -> String? {
        if let index = remaining.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) {
            return remaining.remove(at: index)
        }
        return positionalsOnly.isEmpty ? nil : positionalsOnly.removeFirst()
    }

    /// Fails if anything was not consumed.
    ///
    /// - Throws: ``UsageError`` naming the first unknown option or unexpected argument.
    func finish() throws(UsageError) {
        let leftover = (remaining + positionalsOnly).filter { $0 != "--help" && $0 != "-h" }
        guard let first = leftover.first else { return }
        if first.hasPrefix("-"), first != "-" {
            throw UsageError("unknown option '\(first)'")
        }
        throw UsageError("unexpected argument '\(first)'")
    }
}

/// A mistake in how a command was called: exit status 64.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }

    /// The usage error `error` is, or wraps in a ``CommandFailure``; `nil` for any other error.
    static func within(_ error: any Error) -> UsageError? {
        (error as? UsageError) ?? ((error as? CommandFailure)?.error as? UsageError)
    }
}
