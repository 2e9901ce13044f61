/// One option of a command, declared once: its name, what it takes and its help. The command reads
/// its value through the declaration (``Arguments/value(_:)`` and the like) and its `--help`
/// describes it from the same declaration, so the two cannot drift apart; its usage lines
/// (``Usage``) and the rules between its options (``Constraint``) name it by the declaration too.
///
/// ```swift
/// static let format = OptionDeclaration.choice("format", ["text", "json"], help: "text (default) or json.")
/// let format = try arguments.choice(format)   // "text" when absent; a usage error for "yaml"
/// ```
struct OptionDeclaration: Sendable, Hashable {
    /// What the option takes.
    enum Value: Sendable, Hashable {
        /// Nothing: a flag, present or not.
        case none
        /// One value, named in help (`FILE`); given at most once.
        case one(String)
        /// A value each time it is given, in order (`--offer TYPE ...`).
        case repeated(String)
        /// One of `choices`, `defaultValue` when absent.
        case choice([String], defaultValue: String)
    }

    /// The name after `--`: `format`.
    let name: String
    /// Another name for it, such as `o` for `output` (`-o`).
    let alias: String?
    /// What it takes.
    let value: Value
    /// What it does, in words; wrapped when shown.
    let help: String
    /// Whether help leaves it out: an option for the tool's own use (a serving child process).
    let isHidden: Bool

    /// A flag: `--name`.
    static func flag(_ name: String, help: String, isHidden: Bool = false) -> OptionDeclaration {
        OptionDeclaration(name: name, alias: nil, value: .none, help: help, isHidden: isHidden)
    }

    /// An option with one value: `--name VALUE`, `--name=VALUE` or (with an alias) `-a VALUE`.
    static func value(_ name: String, _ valueName: String, alias: String? = nil, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, alias: alias, value: .one(valueName), help: help, isHidden: false)
    }

    /// An option given any number of times, each with a value.
    static func repeated(_ name: String, _ valueName: String, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, alias: nil, value: .repeated(valueName), help: help, isHidden: false)
    }

    /// An option whose value is one of `choices`; the first is the default.
    static func choice(_ name: String, _ choices: [String], help: String) -> OptionDeclaration {
        OptionDeclaration(
            name: name, alias: nil, value: .choice(choices, defaultValue: choices[0]), help: help, isHidden: false)
    }

    /// How help names it: `--profiles FILE`, `--format text|json`, `-o, --output FILE`.
    var label: String {
        let names = (alias.map { "-\($0), " } ?? "") + "--\(name)"
        switch value {
        case .none: return names
        case .one(let valueName), .repeated(let valueName): return "\(names) \(valueName)"
        case .choice(let choices, _): return "\(names) \(choices.joined(separator: "|"))"
        }
    }

    /// The spellings that name it on the command line: `--name`, and `-a` or `--a` for an alias.
    var spellings: [String] {
        ["--\(name)"] + (alias.map { $0.count == 1 ? ["-\($0)"] : ["--\($0)"] } ?? [])
    }
}
