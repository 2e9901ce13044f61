/// `-o FILE` or `--output FILE`: where a command writes, whole or not at all, instead of standard
/// output.
enum OutputOption {
    /// `-o, --output FILE`.
    static let option = OptionDeclaration.value(
        "output", "FILE", alias: "o", help: "Write FILE (whole or not at all) instead of standard output.")
}
