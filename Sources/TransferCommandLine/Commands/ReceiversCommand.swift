import Foundation
import TransferKit

/// `transfer receivers`: the receiver profiles known to the tool.
enum ReceiversCommand {
    static let command = Command(
        "receivers", summary: "List and show receiver profiles",
        discussion: """
            Lists the receiver profiles (built in: Photos, X, Bluesky, Mastodon, Threads, Instagram), or \
            shows one by name, identifier or alias (such as an iOS activity type), with its evidence.
            """,
        subcommands: [
            Command(
                "list", summary: "Every receiver profile: name, identifier, platform and version",
                usage: [Usage("receivers list", .optional(ProfilesOption.option))],
                discussion: "Lists the receiver profiles, those from --profiles first.",
                options: [ProfilesOption.option]
            ) { arguments, console in
                let profiles = try ProfilesOption.load(&arguments, console: console)
                try arguments.finish()
                let width = profiles.map(\.name.count).max() ?? 0
                console.write(
                    profiles.map { profile in
                        profile.name.padding(width + 1) + profile.identifier
                            + (profile.appVersion.map { "  (\(profile.platform ?? "") \($0))" } ?? "") + "\n"
                    }.joined())
            },
            Command(
                "show", summary: "One receiver profile, with its evidence",
                usage: [
                    Usage(
                        "receivers show", .argument("NAME"), .optional(JSONOutput.option),
                        .optional(ProfilesOption.option))
                ],
                discussion: "Shows the receiver named NAME: by name, identifier or alias.",
                options: [JSONOutput.option, ProfilesOption.option]
            ) { arguments, console in
                let profiles = try ProfilesOption.load(&arguments, console: console)
                guard let name = arguments.positional() else { throw UsageError("missing the receiver to show") }
                let format = try arguments.choice(JSONOutput.option)
                try arguments.finish()
                let profile = try ProfilesOption.lookup(name, in: profiles)
                console.write(format == "json" ? try JSONOutput.text(profile) : describe(profile))
            },
        ])

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
                "  reading:     \(reading.kind)" + (reading.forms == .all ? "" : " as \(reading.forms)")
                    + ": \(reading.outcome)"
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
