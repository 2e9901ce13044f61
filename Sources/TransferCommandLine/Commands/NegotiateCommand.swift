import Foundation
import TransferKit

/// `transfer negotiate`: what a receiver gets from a share, and why.
enum NegotiateCommand {
    static let command = Command(
        "negotiate", summary: "Plan a share for a receiver and explain it",
        usage: [
            Usage(
                "negotiate",
                .oneOf(
                    [
                        [.option(Options.receiver)], [.option(Options.accept)], [.option(Options.accepts)],
                        [.option(Options.acceptAny)],
                    ], optional: false),
                .optional(Options.item), .option(Options.offer), .optional(Options.policy),
                .optional(JSONOutput.option), .optional(ProfilesOption.option), .optional(DeclarationsOption.option))
        ],
        discussion: """
            Plans a share for a receiver: whether it is offered, and for each item the representation and \
            form delivered, or why it is dropped or transformed; then each item's ranking and rejections.
            """,
        options: [
            Options.receiver, Options.accept, Options.accepts, Options.acceptAny, Options.item, Options.offer,
            Options.policy, JSONOutput.option, ProfilesOption.option, DeclarationsOption.option,
        ],
        constraints: [.exactlyOne([Options.receiver, Options.accept, Options.accepts, Options.acceptAny])],
        examples: [
            "negotiate --receiver Bluesky --item photo --offer public.png:file --item text --offer public.utf8-plain-text"
        ],
        run: { try await run(&$0, $1) })

    /// The options of `transfer negotiate`.
    enum Options {
        static let receiver = OptionDeclaration.value(
            "receiver", "NAME|FILE[#TARGET]",
            help: """
                A receiver profile by name, identifier or alias (see 'transfer receivers list'), or a file: \
                JSON profiles, an Info.plist, an AndroidManifest.xml, a web app manifest. A file with several \
                share targets (an app's activities) tries each, lists which are offered and explains the \
                first offered; #TARGET chooses one by activity class name (.ShareActivity), identifier or name.
                """)
        static let accept = OptionDeclaration.value(
            "accept", "HEADER",
            help: """
                An HTTP Accept header as an ad hoc receiver: "text/html;q=0.9, */*;q=0.1". Media ranges match \
                by MIME type, as RFC 9110 says (text/* is text/…).
                """)
        static let accepts = OptionDeclaration.repeated(
            "accepts", "RULE",
            help: """
                A receiver given inline, one rule per option: TYPE[;q=W][:FORM|FORM], where TYPE is an \
                identifier or .ext (matched by conformance: public.image takes public.png), or type/subtype \
                or type/* (matched by MIME type), or *.
                """)
        static let acceptAny = OptionDeclaration.flag(
            "accept-any", help: "An HTTP request without an Accept header: it accepts anything.")
        static let item = OptionDeclaration.repeated(
            "item", "LABEL", help: "Starts a new item of the share; the offers that follow belong to it.")
        static let offer = OptionDeclaration.repeated(
            "offer", "TYPE[:FORM]",
            help: """
                A representation of the current item, in the sender's order: an identifier, .ext or \
                type/subtype, and a form (data, file or value). Without a form the type is offered as data, \
                then value, then file.
                """)
        static let policy = OptionDeclaration.choice(
            "policy", NegotiationPolicy.allCases.map(\.rawValue),
            help: """
                sender (default: the sender's order decides), receiver (the receiver's weights decide) or \
                product (weight × sender rank).
                """)
    }

    static func run(_ arguments: inout Arguments, _ console: Console) async throws {
        try DeclarationsOption.load(&arguments)
        let profiles = try ProfilesOption.load(&arguments, console: console)
        let receiverName = try arguments.value(Options.receiver)
        let accept = try arguments.value(Options.accept)
        let inlineRules = try arguments.values(Options.accepts)
        let acceptsAnything = arguments.isSet(Options.acceptAny)
        let policy = try NegotiationPolicy(arguments.choice(Options.policy))!
        let format = try arguments.choice(JSONOutput.option)
        let items = try parseItems(&arguments)
        try arguments.finish()

        var receiver: ReceiverProfile
        /// The other share targets of the declaration file, when it holds several and none is chosen.
        var targets: [ReceiverProfile] = []
        switch (receiverName, accept) {
        case (nil, nil) where acceptsAnything:
            // RFC 9110 §12.5.1: a request without an Accept header accepts any media type.
            receiver = ReceiverProfile(
                name: "HTTP client without Accept", identifier: "Accept: (none)",
                activation: ReceiverActivation(accepts: [.wildcard(source: "no Accept header")], itemMatching: .any))
        case (nil, nil):
            receiver = ReceiverProfile(
                name: "inline receiver", identifier: "--accepts",
                activation: ReceiverActivation(accepts: try inlineRules.map(parseRule), itemMatching: .any))
        case (let name?, nil):
            // FILE#TARGET chooses one of a declaration's share targets by activity class name,
            // identifier or name; without it, every target is tried.
            let (path, target) = Self.splitTarget(name)
            if FileManager.default.fileExists(atPath: path) {
                let loaded = try ProfilesOption.readProfiles(path, console: console)
                guard let first = loaded.first else {
                    throw ToolError(.dataError, "\(path): holds no receiver profile")
                }
                if let target {
                    guard let chosen = loaded.first(where: { $0.matches(target) }) else {
                        throw ToolError(
                            .dataError,
                            "\(path): no share target '\(target)'; it holds "
                                + loaded.map { "\($0.name) [\($0.identifier)]" }.joined(separator: ", "))
                    }
                    receiver = chosen
                } else {
                    receiver = first
                    targets = loaded
                }
            } else if name.contains("/")
                || [".json", ".plist", ".xml"].contains(where: { name.lowercased().hasSuffix($0) })
            {
                // A path, not a name: the file is missing.
                throw ToolError(
                    .noInput, "\(name): no such file (expected a receiver profile file, or a built-in receiver's name)")
            } else {
                receiver = try ProfilesOption.lookup(name, in: profiles)
            }
        case (nil, let header?):
            // A header with no usable range is a ReceiverDeclarationError: 65 through ToolError(_:).
            let parsed = try ReceiverProfile.parse(acceptHeader: header)
            for diagnostic in parsed.diagnostics {
                console.error(TransferTool.escapingControls("warning: Accept: \(diagnostic)") + "\n")
            }
            receiver = parsed.profile
        default:
            // One of the four is given (a constraint checked before the command runs).
            preconditionFailure("negotiate ran without exactly one receiver option")
        }
        guard !items.isEmpty else { throw UsageError("give at least one --offer TYPE[:FORM]") }

        let negotiator = Negotiator(policy: policy)
        // With several targets, the plan shown is the first offered one's: the one a person who
        // picks the app's first entry in the share sheet gets.
        let plans = negotiator.plans(items, for: targets)
        let plan = plans.first(where: \.isOffered) ?? plans.first ?? negotiator.plan(items, for: receiver)
        if format == "json" {
            if plans.count > 1 {
                console.write(
                    try JSONOutput.text(
                        TargetsSummary(
                            targets: zip(targets, plans).map {
                                .init(receiver: $0.name, identifier: $0.identifier, offered: $1.isOffered)
                            }, plan: plan)))
            } else {
                // The library's own JSON of the plan (SharePlan+Encodable.swift), the schema in
                // Docs/CommandLine.md.
                console.write(try JSONOutput.text(plan))
            }
        } else {
            var output = ""
            if plans.count > 1 {
                output += "\(plans.count) share targets, \(plans.filter(\.isOffered).count) offered:\n"
                for (target, targetPlan) in zip(targets, plans) {
                    output +=
                        "  \(targetPlan.isOffered ? "offered    " : "not offered") \(target.name)  [\(target.identifier)]\n"
                    // Why not, for each target: not only for the one explained below.
                    if !targetPlan.isOffered, let cause = targetPlan.items.first?.cause {
                        let prefix = "\(target.name) is not offered for this share: "
                        let reason =
                            cause.reason.hasPrefix(prefix) ? String(cause.reason.dropFirst(prefix.count)) : cause.reason
                        output += "      \(reason)\n"
                    }
                }
                output += "\n"
            }
            output += plan.description + "\n"
            for item in plan.items {
                output += "\n\(item.label) — " + item.negotiation.description + "\n"
                // The ranking is the item's own; what the plan then did with it comes last, so that
                // a ranked item that is not delivered does not read as delivered.
                switch item.outcome {
                case .dropped(let cause):
                    output += "  → dropped (\(cause.code)): \(cause.reason)\n"
                case .transformed(_, let cause):
                    output += "  → transformed (\(cause.code)): \(cause.reason)\n"
                case .delivered(let candidate):
                    output += "  → delivered: \(candidate.offer)\n"
                }
            }
            console.write(output)
        }
    }

    /// `FILE#TARGET` split at its last `#`, when the part before it names an existing file.
    static func splitTarget(_ argument: String) -> (path: String, target: String?) {
        guard let hash = argument.lastIndex(of: "#"), !FileManager.default.fileExists(atPath: argument) else {
            return (argument, nil)
        }
        let target = String(argument[argument.index(after: hash)...])
        return (String(argument[..<hash]), target.isEmpty ? nil : target)
    }

    /// Every target of a declaration, and the plan of the one chosen: library values composed,
    /// `{"targets": [{"receiver", "identifier", "offered"}], "plan": SharePlan}`.
    struct TargetsSummary: Encodable {
        /// A share target: its name and identifier, and whether it is offered for the share.
        struct Target: Encodable {
            let receiver: String
            let identifier: String
            let offered: Bool
        }
        let targets: [Target]
        let plan: SharePlan
    }

    /// The items of the share, from `--item` and `--offer` in command-line order.
    static func parseItems(_ arguments: inout Arguments) throws -> [ShareItem] {
        // Each --offer is the item's next representation.
        var items: [(label: String, offers: [Offer], representations: Int)] = []
        for (option, value) in try arguments.orderedValues([Options.item, Options.offer]) {
            if option == Options.item {
                items.append((value, [], 0))
                continue
            }
            if items.isEmpty { items.append(("item", [], 0)) }
            let (type, forms, mediaType) = try parseOffer(value)
            let index = items[items.count - 1].representations
            items[items.count - 1].representations += 1
            for (formIndex, form) in forms.enumerated() {
                items[items.count - 1].offers.append(
                    Offer(
                        type, form: form, mediaType: mediaType, representationIndex: index,
                        formIndex: formIndex))
            }
        }
        for item in items where item.offers.isEmpty {
            throw UsageError("--item \(item.label) has no --offer")
        }
        return items.map { ShareItem(label: $0.label, offers: $0.offers) }
    }

    /// `TYPE[:FORM]`, where TYPE is an identifier (declared or not, as `UTType(identifier:allowUndeclared:)`
    /// takes it), `.ext`, or a MIME type with parameters (`text/plain;charset="utf-8"`, quoted or
    /// not, per RFC 9110); FORM follows the last `:` outside quotes.
    static func parseOffer(_ value: String) throws -> (UTType, [TransferPayloadForm], MediaType?) {
        var typeText = Substring(value)
        var forms: [TransferPayloadForm] = [.data, .value, .file]
        if let colon = lastColonOutsideQuotes(value) {
            let suffix = String(value[value.index(after: colon)...])
            if let form = TransferPayloadForm(suffix) {
                typeText = value[..<colon]
                forms = [form]
            } else if !suffix.contains("/") {
                throw UsageError(
                    "--offer \(value): expected a form of data, file or value after ':', found '\(suffix)'")
            }
        }
        if typeText.contains("/") {
            let mediaType: MediaType
            do throws(MediaType.SyntaxError) {
                mediaType = try MediaType(parsing: typeText)
            } catch {
                throw ToolError(.dataError, "--offer \(value): \(error.reason)")
            }
            guard let type = UTType(mimeType: mediaType.essence) else {
                throw ToolError(.dataError, "--offer \(value): '\(mediaType.essence)' is not a valid MIME type")
            }
            // The offer keeps the media type it was given: `application/xml` is not `text/*`.
            return (type, forms, mediaType)
        }
        let text = String(typeText)
        if !text.hasPrefix("."),
            let type = UTType(text) ?? UTType(identifier: text, allowUndeclared: text.contains("."))
        {
            return (type, forms, nil)
        }
        return (try resolve(text, option: "--offer", value: value), forms, nil)
    }

    /// The type named by `text` (``TypesCommand/resolve(_:)``), an error naming the option and the
    /// value it came from.
    private static func resolve(_ text: String, option: String, value: String) throws -> UTType {
        guard !text.isEmpty else { throw UsageError("\(option) '\(value)': expected a type, found nothing") }
        do {
            return try TypeName.resolve(text)
        } catch let error as ToolError {
            throw ToolError(error.status, "\(option) \(value): \(error.message)")
        }
    }

    /// `--accepts TYPE[;q=W][:FORM|FORM…]`: an identifier or `.ext` (matched by conformance), or a
    /// media range `type/subtype` or `type/*` (matched by MIME type), with a weight and forms.
    static func parseRule(_ value: String) throws -> AcceptRule {
        var text = Substring(value)
        var forms = TransferPayloadForms.all
        if let colon = lastColonOutsideQuotes(value) {
            let names = value[value.index(after: colon)...].split(separator: "|").map(String.init)
            let parsed = names.compactMap(TransferPayloadForm.init)
            guard !names.isEmpty, parsed.count == names.count else {
                throw UsageError("--accepts \(value): expected forms data, file or value after ':', separated by '|'")
            }
            forms = TransferPayloadForms(parsed)
            text = value[..<colon]
        }
        // A name the library does not read as an identifier (`.png`, `png`) is resolved here; the
        // rule itself — range or type, parameters, weight — is read by the library's parser of rules
        // (`AcceptRule(parsing:)`, which `Accept` headers share through `AcceptHeader.rule(for:)`).
        let head = text.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        if !head.contains("/"), head != "*", UTType(head) == nil {
            let type = try resolve(head, option: "--accepts", value: value)
            text = Substring(type.identifier) + text.drop { $0 != ";" }
        }
        do {
            var rule = try AcceptRule(parsing: String(text), forms: forms)
            rule.source = value
            return rule
        } catch {
            throw UsageError("--accepts \(value): \(error.diagnostics.map(\.reason).joined(separator: "; "))")
        }
    }

    /// The position of the last `:` that is not inside a quoted string.
    private static func lastColonOutsideQuotes(_ text: String) -> String.Index? {
        var inQuotes = false
        var escaped = false
        var last: String.Index?
        for index in text.indices {
            let character = text[index]
            if escaped {
                escaped = false
            } else if character == "\\", inQuotes {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ":", !inQuotes {
                last = index
            }
        }
        return last
    }
}
