import Foundation
import TransferKit

/// `transfer receivers`: the receiver profiles known to the tool.
enum ReceiversCommand {
    static let command = Command(name: "receivers", summary: "List and show receiver profiles") { arguments, console in
        var arguments = arguments
        let subcommand = arguments.positional()
        if arguments.wantsHelp || subcommand == nil {
            console.write(help)
            if arguments.wantsHelp { return }
            throw UsageError("missing subcommand: list or show")
        }
        let profiles = try ProfilesOption.load(&arguments, console: console)
        switch subcommand {
        case "list":
            try arguments.finish()
            let width = profiles.map(\.name.count).max() ?? 0
            console.write(
                profiles.map { profile in
                    profile.name.padding(width + 1) + profile.identifier
                        + (profile.appVersion.map { "  (\(profile.platform ?? "") \($0))" } ?? "") + "\n"
                }.joined())
        case "show":
            guard let name = arguments.positional() else { throw UsageError("missing the receiver to show") }
            let format = try arguments.choice("format", ["text", "json"], default: "text")
            try arguments.finish()
            let profile = try ProfilesOption.lookup(name, in: profiles)
            if format == "json" {
                console.write(try TypesCommand.json(profile))
            } else {
                console.write(describe(profile))
            }
        default:
            throw UsageError("unknown subcommand 'receivers \(subcommand!)': expected list or show")
        }
    }

    static let help = """
        USAGE: transfer receivers list [--profiles FILE]
               transfer receivers show NAME [--format text|json] [--profiles FILE]

        Lists the receiver profiles (built in: Photos, X, Bluesky, Mastodon, Threads, Instagram), or
        shows one by name, identifier or alias (such as an iOS activity type), with its evidence.
        --profiles also reads declarations: an Info.plist, an AndroidManifest.xml (every share
        activity and alias is a receiver of its own) or a web app manifest.

        OPTIONS:
          --profiles FILE   A JSON file of profiles (one object or an array) to add; they override
                            built-in profiles of the same name.
          --format          text (default) or json.

        """

    static func describe(_ profile: ReceiverProfile) -> String {
        var lines = ["\(profile.name)  \(profile.identifier)"]
        if let platform = profile.platform {
            lines.append("  platform:    \(platform)" + (profile.appVersion.map { " (version \($0))" } ?? ""))
        }
        if !profile.aliases.isEmpty { lines.append("  aliases:     " + profile.aliases.joined(separator: ", ")) }
        let activation = profile.activation
        lines.append("  accepts:     " + activation.accepts.map(\.description).joined(separator: ", "))
        lines.append(
            "  matching:    " + (activation.itemMatching == .all ? "every item must match" : "any item may match"))
        if !activation.maxCounts.isEmpty {
            lines.append(
                "  at most:     "
                    + activation.maxCounts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key)" }
                    .joined(separator: ", "))
        }
        if let reason = activation.disabledReason { lines.append("  never:       \(reason)") }
        if let predicate = activation.predicate { lines.append("  predicate:   \(predicate)") }
        for filter in activation.intentFilters ?? [] {
            let actions = filter.actions.map { $0.replacingOccurrences(of: "android.intent.action.", with: "") }
            lines.append(
                "  filter:      \(actions.joined(separator: ", ")) of \(filter.mimeTypes.joined(separator: ", "))"
                    + (filter.categories.contains(IntentFilter.defaultCategory) ? "" : " (no DEFAULT category)")
                    + (filter.schemes.isEmpty ? "" : " (schemes \(filter.schemes.joined(separator: ", ")))"))
        }
        if let target = activation.webShareTarget {
            let params = [("title", target.title), ("text", target.text), ("url", target.url)].compactMap {
                name, value in
                value.map { "\(name)=\($0)" }
            }
            lines.append(
                "  share:       \(target.method) \(target.action) (\(target.enctype)) \(params.joined(separator: " "))"
                    + target.files.map { " files \($0.name): \($0.accept.joined(separator: ", "))" }.joined())
        }
        let consumption = profile.consumption
        if consumption.reads == .firstItemOnly {
            lines.append(
                "  reads:       the first item only, in the order "
                    + consumption.precedence.map(\.rawValue).joined(separator: " → "))
        }
        for reading in consumption.readings {
            lines.append(
                "  reading:     \(reading.kind)" + (reading.form.map { " as \($0)" } ?? "") + ": \(reading.outcome)"
                    + (reading.note.map { " — \($0)" } ?? ""))
        }
        for rule in consumption.crossItemRules {
            lines.append(
                "  with \(rule.with): \(rule.affects) \(rule.effect == .fails ? "makes it fail" : "is dropped")"
                    + (rule.note.map { " — \($0)" } ?? ""))
        }
        for evidence in profile.evidence {
            lines.append(
                "  evidence:    [\(evidence.date)] \(evidence.source)"
                    + (evidence.note.map { "\n               \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `--profiles FILE` and `--receiver NAME|FILE`: receiver profiles from the built-in set and files.
enum ProfilesOption {
    /// The user's profiles from every `--profiles FILE`, then the built-in ones.
    static func load(_ arguments: inout Arguments, console: Console) throws -> [ReceiverProfile] {
        var profiles: [ReceiverProfile] = []
        for path in try arguments.options("profiles") {
            profiles += try readProfiles(path, console: console)
        }
        return profiles + ReceiverProfile.builtIn
    }

    static func lookup(_ name: String, in profiles: [ReceiverProfile]) throws -> ReceiverProfile {
        try ReceiverProfile.lookup(name, in: profiles)
    }

    /// Profiles from a file: JSON profiles, an `Info.plist`, an `AndroidManifest.xml` or a web app
    /// manifest, by extension and content.
    static func readProfiles(_ path: String, console: Console) throws -> [ReceiverProfile] {
        let url = URL(fileURLWithPath: path)
        let data = try InputFile.contents(of: path)
        do {
            switch url.pathExtension.lowercased() {
            case "plist":
                return [try warn(console, ReceiverProfile.parse(infoPlist: data), path)]
            case "xml":
                return try ReceiverProfile.parse(androidManifest: data).map { try warn(console, $0, path) }
            case "webmanifest":
                return [try warn(console, ReceiverProfile.parse(webAppManifest: data), path)]
            default:
                if let text = String(data: data, encoding: .utf8), text.contains("\"share_target\"") {
                    return [try warn(console, ReceiverProfile.parse(webAppManifest: data), path)]
                }
                return try ReceiverProfile.load(from: data, source: path)
            }
        } catch {
            // Said of the file, whatever the parser calls its source (ToolError(_:)).
            throw CommandFailure(error, input: path)
        }
    }

    /// Diagnostics of a declaration that was parsed go to the error stream as warnings.
    private static func warn(_ console: Console, _ parsed: ParsedReceiver, _ path: String) throws -> ReceiverProfile {
        for diagnostic in parsed.diagnostics {
            console.error(TransferTool.escapingControls("warning: \(path): \(diagnostic)") + "\n")
        }
        return parsed.profile
    }
}
