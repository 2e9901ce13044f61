/// A rule between a command's options, declared with the command and checked before it runs
/// (``Command/validate(_:)``), with a usage error made from the options' declarations: the checks a
/// command would otherwise write out by hand, each its own way.
///
/// ```swift
/// constraints: [
///     .exclusive([Options.stream, Options.whole]),
///     .requires(Options.sync, OutputOption.option, "standard output cannot be synchronized before it is renamed"),
/// ]
/// ```
enum Constraint: Sendable {
    /// `option` may be given only with `other`: `--sync needs -o FILE: <reason>`.
    case requires(OptionDeclaration, OptionDeclaration, String)
    /// At most one of these may be given: `give --type or --model, not both`.
    case exclusive([OptionDeclaration])
    /// Exactly one of these must be given: `give exactly one of --extension and --mime`.
    case exactlyOne([OptionDeclaration])

    /// The usage error of the rule, when `given` (the options on the command line) breaks it.
    func violation(given: (OptionDeclaration) -> Bool) -> UsageError? {
        switch self {
        case .requires(let option, let other, let reason):
            guard given(option), !given(other) else { return nil }
            return UsageError("--\(option.name) needs \(other.synopsis): \(reason)")
        case .exclusive(let options):
            let present = options.filter(given)
            guard present.count > 1 else { return nil }
            return UsageError(
                "give \(Self.list(present.map { "--\($0.name)" }, "or")), not \(present.count == 2 ? "both" : "several")"
            )
        case .exactlyOne(let options):
            guard options.filter(given).count != 1 else { return nil }
            return UsageError("give exactly one of \(Self.list(options.map { "--\($0.name)" }, "and"))")
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ words: [String], _ conjunction: String) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + words[words.count - 1]
    }
}
