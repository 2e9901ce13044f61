/// One synopsis line of a command, written with its declarations rather than as text: an option's
/// name and value (`--to csv|json|jsonl|TYPE`) come from its ``OptionDeclaration``, so a value
/// named once is shown the same in every line and in the options' table.
///
/// ```swift
/// Usage("convert", .argument("INPUT"), .option(Options.to), .optional(Options.from), .optional(Options.output))
/// // convert INPUT --to csv|json|jsonl|TYPE [--from TYPE] [-o FILE]
/// ```
struct Usage: Sendable {
    /// A piece of a synopsis.
    indirect enum Element: Sendable {
        /// A positional argument, `INPUT`.
        case argument(String)
        /// A positional argument that may be left out, `[TYPE]`.
        case optionalArgument(String)
        /// Positional arguments, one or more, `FILE ...`.
        case arguments(String)
        /// An option that must be given, `--to TYPE`; a repeatable one is followed by `...`.
        case option(OptionDeclaration)
        /// An option that may be left out, `[--from TYPE]`.
        case optional(OptionDeclaration)
        /// One of several groups of pieces: `(--type NAME ... | --model MODEL --to TYPE)`, in square
        /// brackets when none need be given.
        case oneOf([[Element]], optional: Bool)
        /// Every other option, `[options]`: for a command whose options are too many to list here.
        case otherOptions
    }

    /// The command's words, `types lookup`.
    let command: String
    /// The pieces after them.
    let elements: [Element]

    init(_ command: String, _ elements: Element...) {
        self.command = command
        self.elements = elements
    }

    /// The line as help shows it, without `transfer `.
    var text: String {
        ([command] + elements.map(Self.render)).joined(separator: " ")
    }

    /// The line after `prefix` (`transfer `), wrapped to `width` columns between its pieces (and
    /// between the alternatives of a long ``Element/oneOf(_:optional:)``), each line after the
    /// first lined up after the command's words.
    func lines(after prefix: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: prefix.count + command.count + 1)
        var lines = [prefix + command]
        for piece in elements.flatMap(Self.pieces) {
            if lines[lines.count - 1].count + 1 + piece.count > width, lines[lines.count - 1] != indent {
                lines.append(indent + piece)
            } else {
                lines[lines.count - 1] += (lines[lines.count - 1] == indent ? "" : " ") + piece
            }
        }
        return lines
    }

    /// The pieces a line may break between: an element whole, or a group's alternatives each
    /// followed by its `|`.
    private static func pieces(_ element: Element) -> [String] {
        guard case .oneOf(let groups, let optional) = element else { return [render(element)] }
        var pieces = groups.map { $0.map(render).joined(separator: " ") + " |" }
        pieces[0] = (optional ? "[" : "(") + pieces[0]
        pieces[pieces.count - 1] = String(pieces[pieces.count - 1].dropLast(2)) + (optional ? "]" : ")")
        return pieces
    }

    private static func render(_ element: Element) -> String {
        switch element {
        case .argument(let name): name
        case .optionalArgument(let name): "[\(name)]"
        case .arguments(let name): "\(name) ..."
        case .option(let option): option.synopsis
        case .optional(let option): "[\(option.synopsis)]"
        case .oneOf(let groups, let optional):
            (optional ? "[" : "(")
                + groups.map { $0.map(render).joined(separator: " ") }.joined(separator: " | ")
                + (optional ? "]" : ")")
        case .otherOptions: "[options]"
        }
    }
}

extension OptionDeclaration {
    /// How a synopsis names it: its shortest spelling and its value — `-o FILE`, `--to TYPE`,
    /// `--format text|json`, `--type NAME ...`.
    var synopsis: String {
        let spelling = alias.map { $0.count == 1 ? "-\($0)" : "--\($0)" } ?? "--\(name)"
        switch value {
        case .none: return spelling
        case .one(let valueName): return "\(spelling) \(valueName)"
        case .repeated(let valueName): return "\(spelling) \(valueName) ..."
        case .choice(let choices, _): return "\(spelling) \(choices.joined(separator: "|"))"
        }
    }
}
