/// The arguments of one command, consumed as the command reads them.
///
/// Options are `--name value`, `--name=value` or a flag `--name`; everything else is positional.
/// `--` ends the options. After reading what it knows, a command calls ``finish()`` so that an
/// unknown option or an extra argument is a usage error rather than silently ignored.
struct Arguments {
    private var remaining: [String]
    private var positionalsOnly: [String] = []

    init(_ arguments: some Sequence<String>) {
        var options: [String] = []
        var afterSeparator: [String] = []
        var seenSeparator = false
        for argument in arguments {
            if seenSeparator {
                afterSeparator.append(argument)
            } else if argument == "--" {
                seenSeparator = true
            } else {
                options.append(argument)
            }
        }
        remaining = options
        positionalsOnly = afterSeparator
    }

    /// Whether `--help` or `-h` was given.
    var wantsHelp: Bool { remaining.contains("--help") || remaining.contains("-h") }

    /// The value of `--name`, consumed; `nil` if absent.
    ///
    /// - Throws: ``UsageError`` if the option is given without a value or more than once.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        let values = try options(name)
        guard values.count <= 1 else { throw UsageError("--\(name) is given more than once") }
        return values.first
    }

    /// Every value of a repeatable `--name`, consumed, in order.
    ///
    /// - Throws: ``UsageError`` if an occurrence has no value.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var index = 0
        let flag = name.count == 1 ? "-\(name)" : "--\(name)"
        while index < remaining.count {
            let argument = remaining[index]
            if argument == flag {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") || remaining[index + 1] == "-"
                else { throw UsageError("\(flag) needs a value") }
                values.append(remaining[index + 1])
                remaining.removeSubrange(index...index + 1)
            } else if argument.hasPrefix("\(flag)=") {
                values.append(String(argument.dropFirst(flag.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return values
    }

    /// Every value of the options `names`, consumed, in the order given on the command line.
    ///
    /// - Throws: ``UsageError`` if an occurrence has no value.
    mutating func orderedOptions(_ names: Set<String>) throws(UsageError) -> [(name: String, value: String)] {
        var values: [(name: String, value: String)] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            guard argument.hasPrefix("--") else {
                index += 1
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            guard names.contains(name) else {
                index += 1
                continue
            }
            if body.contains("=") {
                values.append((name, String(body.drop { $0 != "=" }.dropFirst())))
                remaining.remove(at: index)
            } else {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
                    throw UsageError("--\(name) needs a value")
                }
                values.append((name, remaining[index + 1]))
                remaining.removeSubrange(index...index + 1)
            }
        }
        return values
    }

    /// Whether the flag `--name` is present, consumed.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: "--\(name)") else { return false }
        remaining.remove(at: index)
        return true
    }

    /// A value of `--name` that must be one of `choices`; `defaultValue` when absent.
    mutating func choice(_ name: String, _ choices: [String], default defaultValue: String) throws(UsageError) -> String
    {
        guard let value = try option(name) else { return defaultValue }
        guard choices.contains(value) else {
            throw UsageError("--\(name) expects one of \(choices.joined(separator: ", ")), found '\(value)'")
        }
        return value
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
}
