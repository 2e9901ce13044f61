import Foundation
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
        (["drag"], ["--model", "--type", "--all", "--keep", "--title", "--geometry", "--timeout", "--verbose"]),
        (["drop"], ["--type", "--model", "--to", "-o, --output", "--title", "--geometry", "--timeout", "--verbose"]),
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

    @Test("drag and drop say which display their window opens on, as they choose it, and that 69 is neither")
    func dragAndDropDisplays() async {
        for command in ["drag", "drop"] {
            let help = await transfer(command, "--help").output.split(whereSeparator: \.isWhitespace).joined(
                separator: " ")
            #expect(help.contains("Wayland's wl_data_device where WAYLAND_DISPLAY is set, else X11's"), "\(help)")
            #expect(!help.contains("XWayland"), "\(help)")
            #expect(help.contains("69 no display (neither WAYLAND_DISPLAY nor DISPLAY)"), "\(help)")
        }
    }

    @Test("usage lines are made from the declarations: a value named once is shown alike everywhere")
    func usageFromDeclarations() async {
        let convert = await transfer("convert", "--help")
        let usage = convert.output.components(separatedBy: "\n\n")[0]
        // `csv|json|jsonl|TYPE` is written once, in --to's declaration.
        #expect(usage.components(separatedBy: "--to csv|json|jsonl|TYPE").count == 3, "\(usage)")
        #expect(convert.output.contains("\n  --to csv|json|jsonl|TYPE"))
        #expect(usage.contains("transfer convert --list"))
        // Every option a usage line names is one the command declares, and help lists it.
        for (path, _) in Self.commands {
            let help = await transfer(path + ["--help"]).output
            let lines = help.components(separatedBy: "\n\n")[0]
            let named = Set(
                lines.split(whereSeparator: { " \n()[]|".contains($0) }).filter { $0.hasPrefix("--") }.map(String.init))
            for option in named {
                #expect(help.contains("\n  \(option)") || help.contains(", \(option)"), "\(path): \(option)")
            }
        }
        // A long group of alternatives breaks between them, and every line fits.
        let negotiate = await transfer("negotiate", "--help").output.components(separatedBy: "\n\n")[0]
        #expect(negotiate.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(negotiate)")
        #expect(negotiate.contains("| --accepts RULE ... |\n"), "\(negotiate)")
    }

    @Test(
        "rules between options, declared with the command, refuse a call before it runs, in its declarations' words",
        arguments: [
            (["copy", "--as-files", "a.txt", "--type", "png"], "give --type or --as-files, not both"),
            (["paste", "--model", "Profile"], "--model needs --to TYPE: the type to write the model as"),
            (["paste", "--model", "Profile", "--to", "csv", "--type", "png"], "give --type or --model, not both"),
            (["drag", "a.png", "--all", "--model", "Profile"], "give --model or --all, not both"),
            (["convert", "x.csv", "--to", "json", "--stream", "--whole"], "give --stream or --whole, not both"),
            (["convert", "x.csv", "--to", "json", "--sync"], "--sync needs -o FILE"),
            (
                ["types", "lookup", "--extension", "png", "--mime", "image/png"],
                "give exactly one of --extension and --mime"
            ),
            (
                ["negotiate", "--offer", "public.png"],
                "give exactly one of --receiver, --accept, --accepts and --accept-any"
            ),
        ])
    func constraints(arguments: [String], message: String) async {
        // None of these reaches a display, a file or the network: the rules are checked first.
        let result = await transfer(arguments)
        #expect(result.status == 64, "\(arguments): \(result.error)")
        #expect(result.error.contains(message), "\(arguments): \(result.error)")
        #expect(result.output.isEmpty)
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

    @Test(
        "a typed option's bad value is refused before anything runs, in one sentence: the option, the value, what was expected",
        arguments: [
            (["placeholder", "serve", "--port", "70000"], "--port '70000': expected a port from 0 to 65535"),
            (["placeholder", "serve", "--port", "-1"], "--port '-1': expected a port from 0 to 65535"),
            (
                ["placeholder", "serve", "--max-connections", "0"],
                "--max-connections '0': expected a whole number from 1 to 1000000"
            ),
            (
                ["placeholder", "serve", "--max-connections", "1e3"],
                "--max-connections '1e3': expected a whole number from 1 to 1000000"
            ),
            (
                ["drag", "--timeout", "0", "a.txt"],
                "--timeout '0': expected a number of seconds greater than 0, at most 86400"
            ),
            (
                ["drop", "--timeout", "86401"],
                "--timeout '86401': expected a number of seconds greater than 0, at most 86400"
            ),
            (
                ["drop", "--geometry", "320x"],
                "--geometry '320x': expected WIDTHxHEIGHT+X+Y, such as 320x240+0+0"
            ),
            (
                ["drag", "--geometry", "x+0+0", "a.txt"],
                "--geometry 'x+0+0': expected WIDTHxHEIGHT+X+Y, such as 320x240+0+0"
            ),
            (
                ["preview", "--timeout", "soon", "-"],
                "--timeout 'soon': expected a number of seconds greater than 0, at most 86400"
            ),
            (
                ["preview", "--url", "/page", "-"],
                "--url '/page': expected an absolute URL, such as https://example.com/page"
            ),
            (
                // A host without a scheme is a reference to resolve, not an absolute URL.
                ["preview", "--url", "//example.com/page", "-"],
                "--url '//example.com/page': expected an absolute URL, such as https://example.com/page"
            ),
        ])
    func typedValues(arguments: [String], message: String) async {
        // No display: a value refused before one is looked for is refused the same way.
        let result = await transfer(arguments)
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test(
        "a typed option's bounds are taken: the command goes on to its next check, not refusing the value",
        arguments: [
            // Without a display, `drop` goes on to look for one: 69.
            (["drop", "--timeout", "86400"], 69, "no display"),
            (["drop", "--timeout", "0.001"], 69, "no display"),
            (["drop", "--geometry", "1x1+0+0"], 69, "no display"),
            // An address that is none is refused after the port and the limit are read: 64, saying so.
            (["placeholder", "serve", "--port", "0", "--host", "192.0.2.1"], 64, "--host '192.0.2.1'"),
            (["placeholder", "serve", "--port", "65535", "--host", "192.0.2.1"], 64, "--host '192.0.2.1'"),
            (["placeholder", "serve", "--max-connections", "1", "--host", "192.0.2.1"], 64, "--host '192.0.2.1'"),
            (
                ["placeholder", "serve", "--max-connections", "1000000", "--host", "192.0.2.1"], 64,
                "--host '192.0.2.1'"
            ),
        ])
    func typedBounds(arguments: [String], status: Int32, message: String) async {
        let result = await transfer(arguments)
        #expect(result.status == status, "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
    }
}
