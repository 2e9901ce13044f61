import Testing

/// Every command's help is made from its declarations: each option it reads is described, every
/// line fits in 100 columns, and what help lists, the command takes.
@Suite("transfer --help: made from the declared options")
struct HelpTests {
    static let commands: [(path: [String], options: [String])] = [
        (
            ["convert"],
            ["--to", "--from", "--model", "--delimiter", "-o, --output", "--stream", "--whole", "--explain"]
        ),
        (["types", "list"], ["--format table|tsv|json", "--conforming-to", "--declarations"]),
        (["types", "show"], ["--format text|json", "--declarations"]),
        (["types", "tree"], ["--format text|dot"]),
        (["types", "lookup"], ["--extension", "--mime", "--conforming-to"]),
        (["receivers", "list"], ["--profiles"]),
        (["receivers", "show"], ["--format text|json", "--profiles"]),
        (["negotiate"], ["--receiver", "--accept", "--accepts", "--accept-any", "--item", "--offer", "--policy"]),
        (
            ["preview"],
            ["--url", "--content-type", "--format text|json|html", "--layout", "--inline-images", "--cache"]
        ),
        (["placeholder", "image"], ["--width", "--height", "--text", "--fgcolor", "--bgcolor", "-o, --output"]),
        (["placeholder", "audio"], ["--duration", "--frequency"]),
        (["placeholder", "serve"], ["--host", "--port", "--max-connections"]),
        (["copy"], ["--type", "--model", "--primary", "--foreground"]),
        (["paste"], ["--type", "--model", "--to", "-o, --output", "--primary"]),
        (["clipboard", "list"], ["--primary", "--format text|json"]),
        (["clipboard", "clear"], ["--primary"]),
    ]

    @Test("each command's help describes its options, within 100 columns; hidden ones stay hidden")
    func describesOptions() async {
        for (path, options) in Self.commands {
            let result = await transfer(path + ["--help"])
            #expect(result.status == 0, "\(path)")
            #expect(result.output.hasPrefix("USAGE: transfer " + path.joined(separator: " ")), "\(path)")
            for option in options {
                #expect(result.output.contains("\n  \(option)"), "\(path): \(option)")
            }
            let wide = result.output.split(separator: "\n").filter { $0.count > 100 && !$0.hasPrefix("  transfer ") }
            #expect(wide.isEmpty, "\(path): \(wide)")
        }
        #expect(!(await transfer("copy", "--help")).output.contains("serve-child"))
    }

    @Test("a command made of subcommands lists them and the options all of them take")
    func parents() async {
        let types = await transfer("types", "--help")
        #expect(types.status == 0)
        #expect(types.output.contains("SUBCOMMANDS:\n  list"))
        #expect(types.output.contains("\n  --declarations FILE"))
        #expect(!types.output.contains("\n  --mime"))
        let missing = await transfer("receivers")
        #expect(missing.status == 64)
        #expect(missing.error.contains("missing subcommand: list or show"))
        #expect(missing.output.isEmpty)
    }

    @Test("an option given twice, an unknown one, a choice outside its set: usage errors that say so")
    func usageErrors() async {
        let twice = await transfer("types", "list", "--format", "tsv", "--format=json")
        #expect(twice.status == 64 && twice.error.contains("--format is given more than once"))
        let unknown = await transfer("receivers", "list", "--profile", "x.json")
        #expect(unknown.status == 64 && unknown.error.contains("unknown option '--profile'"))
        let choice = await transfer("negotiate", "--accept-any", "--offer", ".png", "--policy", "weights")
        #expect(choice.status == 64 && choice.error.contains("--policy expects one of sender, receiver, product"))
    }
}
