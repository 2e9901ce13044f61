/// A command or subcommand, declared once: its name, summary, usage, options and what it does.
/// Its `--help` is rendered from the declaration (``help``), and its arguments are read through
/// the same option declarations.
struct Command: Sendable {
    /// The word that names it: `convert`, or `list` under `types`.
    let name: String
    /// One line for the list of commands.
    let summary: String
    /// The synopsis lines, made of its declarations: `convert INPUT --to TYPE [-o FILE]`.
    let usage: [Usage]
    /// What it does, in a paragraph or two.
    let discussion: String
    /// Its positional arguments, each a name and what it is, for help.
    let arguments: [(name: String, help: String)]
    /// Its options, in the order help lists them.
    let options: [OptionDeclaration]
    /// The rules between its options, checked before it runs (``validate(_:)``).
    let constraints: [Constraint]
    /// Example command lines, each without `transfer `.
    let examples: [String]
    /// What its exit statuses mean, when it says more than the tool's help does.
    let exitStatus: String?
    /// Its subcommands; a command with subcommands has no ``run`` of its own.
    let subcommands: [Command]
    /// What it does with its arguments, for a command without subcommands. The tool shows the help
    /// instead when `--help` is given.
    let run: (@Sendable (inout Arguments, Console) async throws -> Void)?

    /// A command that runs.
    init(
        _ name: String, summary: String, usage: [Usage], discussion: String,
        arguments: [(name: String, help: String)] = [], options: [OptionDeclaration] = [],
        constraints: [Constraint] = [], examples: [String] = [], exitStatus: String? = nil,
        run: @escaping @Sendable (inout Arguments, Console) async throws -> Void
    ) {
        self.exitStatus = exitStatus
        self.arguments = arguments
        self.name = name
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.options = options
        self.constraints = constraints
        self.examples = examples
        self.subcommands = []
        self.run = run
    }

    /// A command made of subcommands: `transfer types list`, `transfer types show`.
    init(_ name: String, summary: String, discussion: String, subcommands: [Command]) {
        self.name = name
        self.summary = summary
        self.usage = subcommands.flatMap(\.usage)
        self.discussion = discussion
        // The options every subcommand takes alike; each subcommand's help lists its own.
        self.options = (subcommands.first?.options ?? []).filter { option in
            subcommands.allSatisfy { $0.options.contains(option) }
        }
        self.constraints = []
        self.examples = subcommands.flatMap(\.examples)
        self.arguments = []
        self.exitStatus = nil
        self.subcommands = subcommands
        self.run = nil
    }

    /// Runs the command, or its subcommand named by the first positional argument, or shows help.
    ///
    /// - Parameters:
    ///   - words: The arguments after the command's name.
    ///   - console: Where output goes.
    /// - Throws: ``UsageError`` for a missing or unknown subcommand; what the command throws.
    func dispatch(_ words: [String], console: Console) async throws {
        if subcommands.isEmpty, let run {
            var arguments = Arguments(words, declaring: options)
            if arguments.wantsHelp {
                console.write(help)
                return
            }
            try validate(arguments)
            try await run(&arguments, console)
            return
        }
        let names =
            subcommands.dropLast().map(\.name).joined(separator: ", ") + " or " + (subcommands.last?.name ?? "")
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") && $0 != "--" }) else {
            guard words.contains("--help") || words.contains("-h") else {
                throw UsageError("missing subcommand: \(names)")
            }
            console.write(help)
            return
        }
        guard let subcommand = subcommands.first(where: { $0.name == words[index] }) else {
            throw UsageError("unknown subcommand '\(name) \(words[index])': expected \(names)")
        }
        var rest = words
        rest.remove(at: index)
        try await subcommand.dispatch(rest, console: console)
    }

    /// Checks the command's ``constraints`` against the options given, before it runs.
    ///
    /// - Throws: ``UsageError`` of the first rule broken.
    func validate(_ arguments: Arguments) throws(UsageError) {
        for constraint in constraints {
            if let violation = constraint.violation(given: arguments.isGiven) { throw violation }
        }
    }

    /// The command's help: usage, discussion, subcommands, options and examples, wrapped to
    /// ``HelpText/width`` columns.
    var help: String {
        var text = HelpText.usage(usage.flatMap { $0.lines(after: "transfer ", width: HelpText.width - 7) }) + "\n\n"
        text += HelpText.wrap(discussion, indent: 0)
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + HelpText.table(subcommands.map { ($0.name, $0.summary) })
            text += "\n  Run 'transfer \(name) SUBCOMMAND --help' for a subcommand's options.\n"
        }
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n" + HelpText.table(arguments.map { ($0.name, $0.help) })
        }
        let shown = options.filter { !$0.isHidden }
        if !shown.isEmpty {
            text += "\nOPTIONS:\n" + HelpText.table(shown.map { ($0.label, $0.help) })
        }
        if !examples.isEmpty {
            text += "\n" + (examples.count == 1 ? "EXAMPLE:" : "EXAMPLES:") + "\n"
            text += examples.map { "  transfer " + $0 + "\n" }.joined()
        }
        if let exitStatus { text += "\n" + HelpText.wrap("EXIT STATUS: " + exitStatus, indent: 0) }
        return text + "\n"
    }
}

/// How help text is laid out: synopsis lines, paragraphs and two-column tables wrapped to a width.
enum HelpText {
    /// The width help is wrapped to.
    static let width = 100
    /// Where a table's second column starts.
    static let column = 24

    /// `USAGE: ` and the first synopsis line, the others aligned under it.
    static func usage(_ lines: [String]) -> String {
        lines.enumerated().map { ($0.offset == 0 ? "USAGE: " : "       ") + $0.element }.joined(separator: "\n")
    }

    /// Paragraphs (separated by blank lines) wrapped at word boundaries, each line indented.
    static func wrap(_ text: String, indent: Int, firstLineIndent: Int? = nil) -> String {
        let paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: false)
        return paragraphs.map { paragraph in
            var lines: [String] = []
            var line = ""
            var lineIndent = firstLineIndent ?? indent
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if !line.isEmpty, lineIndent + line.count + 1 + word.count > width {
                    lines.append(String(repeating: " ", count: lineIndent) + line)
                    line = ""
                    lineIndent = indent
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { lines.append(String(repeating: " ", count: lineIndent) + line) }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// Rows of a label and its words: the words wrapped in the second column, after the label, or
    /// from the next line when the label is wider than the first column.
    static func table(_ rows: [(label: String, text: String)]) -> String {
        rows.map { label, text in
            let head = "  " + label
            if head.count + 1 < column {
                let wrapped = wrap(text, indent: column, firstLineIndent: column)
                return head + String(wrapped.dropFirst(head.count))
            }
            return head + "\n" + wrap(text, indent: column)
        }.joined()
    }
}
