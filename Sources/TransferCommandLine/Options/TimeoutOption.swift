/// `--timeout SECONDS`: how long a command waits (`preview` for a page, `drag` and `drop` for the
/// user), read in one place; each command declares the option with its own help and default.
enum TimeoutOption {
    /// The duration `text` names: seconds, more than 0 and at most a day (fractions allowed);
    /// `default` when the option was not given.
    ///
    /// - Throws: ``UsageError`` for anything else, naming what was given.
    static func duration(_ text: String?, default: Duration) throws(UsageError) -> Duration {
        guard let text else { return `default` }
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw UsageError("--timeout '\(text)': expected a number of seconds greater than 0, at most 86400")
        }
        return .milliseconds(Int64(seconds * 1000))
    }
}
