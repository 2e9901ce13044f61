import Foundation
import TransferKit

/// `transfer negotiate`: what a receiver gets from a share, and why.
enum NegotiateCommand {
    static let command = Command(name: "negotiate", summary: "Plan a share for a receiver and explain it") { arguments, console in
        var arguments = arguments
        if arguments.wantsHelp {
            console.write(help)
            return
        }
        try TypesCommand.loadDeclarations(&arguments)
        let profiles = try ProfilesOption.load(&arguments, console: console)
        let receiverName = try arguments.option("receiver")
        let accept = try arguments.option("accept")
        let policyName = try arguments.choice("policy", ["sender", "receiver", "product"], default: "sender")
        let format = try arguments.choice("format", ["text", "json"], default: "text")
        let items = try parseItems(&arguments)
        try arguments.finish()

        let receiver: ReceiverProfile
        switch (receiverName, accept) {
        case (let name?, nil):
            if FileManager.default.fileExists(atPath: name) {
                let loaded = try ProfilesOption.readProfiles(name, console: console)
                guard let first = loaded.first else { throw ToolError(.dataError, "\(name): holds no receiver profile") }
                receiver = first
            } else if name.contains("/") || [".json", ".plist", ".xml"].contains(where: { name.lowercased().hasSuffix($0) }) {
                // A path, not a name: the file is missing.
                throw ToolError(.noInput, "\(name): no such file (expected a receiver profile file, or a built-in receiver's name)")
            } else {
                receiver = try ProfilesOption.lookup(name, in: profiles)
            }
        case (nil, let header?):
            do {
                let imported = try ReceiverProfile.importing(acceptHeader: header)
                for diagnostic in imported.diagnostics { console.error(TransferTool.escapingControls("warning: Accept: \(diagnostic)") + "\n") }
                receiver = imported.profile
            } catch let error as ReceiverDeclarationError {
                throw ToolError(.dataError, error.description)
            }
        default:
            throw UsageError("give exactly one of --receiver NAME|FILE and --accept HEADER")
        }
        guard !items.isEmpty else { throw UsageError("give at least one --offer TYPE[:FORM]") }

        let plan = Negotiator(policy: NegotiationPolicy(policyName)!).plan(items, for: receiver)
        if format == "json" {
            console.write(try TypesCommand.json(PlanSummary(plan)))
        } else {
            var output = plan.description + "\n"
            for item in plan.items {
                output += "\n\(item.label) — " + item.negotiation.description + "\n"
            }
            console.write(output)
        }
    }

    static let help = """
        USAGE: transfer negotiate (--receiver NAME|FILE | --accept HEADER) [--item LABEL] --offer TYPE[:FORM] ...
                                  [--policy sender|receiver|product] [--format text|json]
                                  [--profiles FILE] [--declarations FILE]

        Plans a share for a receiver: whether it is offered, and for each item the representation and
        form delivered, or why it is dropped or transformed; then each item's ranking and rejections.

        OPTIONS:
          --receiver NAME|FILE  A receiver profile by name, identifier or alias (see 'transfer receivers list'),
                                or a file: JSON profiles, an Info.plist, an AndroidManifest.xml, a web app manifest.
          --accept HEADER       An HTTP Accept header as an ad hoc receiver: "text/html;q=0.9, */*;q=0.1".
          --item LABEL          Starts a new item of the share; the offers that follow belong to it.
          --offer TYPE[:FORM]   A representation of the current item, in the sender's order: an identifier,
                                .ext or type/subtype, and a form (data, file or value). Without a form the
                                type is offered as data, then value, then file.
          --policy              sender (default: the sender's order decides), receiver (the receiver's
                                weights decide) or product (weight × sender rank).
          --format              text (default) or json.
          --profiles FILE       More receiver profiles, overriding built-in ones of the same name.
          --declarations FILE   Custom type declarations to load first.

        EXAMPLE:
          transfer negotiate --receiver Bluesky --item photo --offer public.png:file --item text --offer public.utf8-plain-text

        """

    /// The items of the share, from `--item` and `--offer` in command-line order.
    static func parseItems(_ arguments: inout Arguments) throws -> [ShareItem] {
        // Each --offer is the item's next representation.
        var items: [(label: String, offers: [Offer], representations: Int)] = []
        for (name, value) in try arguments.orderedOptions(["item", "offer"]) {
            if name == "item" {
                items.append((value, [], 0))
                continue
            }
            if items.isEmpty { items.append(("item", [], 0)) }
            let (type, forms, parameters) = try parseOffer(value)
            let index = items[items.count - 1].representations
            items[items.count - 1].representations += 1
            for (formIndex, form) in forms.enumerated() {
                items[items.count - 1].offers.append(
                    Offer(type, form: form, parameters: parameters, representationIndex: index, formIndex: formIndex))
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
    static func parseOffer(_ value: String) throws -> (UTType, [TransferPayloadForm], [String: String]) {
        var typeText = Substring(value)
        var forms: [TransferPayloadForm] = [.data, .value, .file]
        if let colon = lastColonOutsideQuotes(value) {
            let suffix = String(value[value.index(after: colon)...])
            if let form = TransferPayloadForm(suffix) {
                typeText = value[..<colon]
                forms = [form]
            } else if !suffix.contains("/") {
                throw UsageError("--offer \(value): expected a form of data, file or value after ':', found '\(suffix)'")
            }
        }
        if typeText.contains("/") {
            switch MediaType.parse(typeText) {
            case .success(let mediaType):
                guard let type = UTType(mimeType: mediaType.essence) else {
                    throw ToolError(.dataError, "--offer \(value): '\(mediaType.essence)' is not a valid MIME type")
                }
                return (type, forms, mediaType.parameterDictionary)
            case .failure(let error):
                throw ToolError(.dataError, "--offer \(value): \(error.reason)")
            }
        }
        let text = String(typeText)
        if !text.hasPrefix("."), let type = UTType(text) ?? UTType(identifier: text, allowUndeclared: text.contains(".")) {
            return (type, forms, [:])
        }
        return (try TypesCommand.resolve(text), forms, [:])
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

    /// The plan as JSON.
    struct PlanSummary: Encodable {
        struct Item: Encodable {
            let label: String
            let kind: String
            let outcome: String
            let contentType: String?
            let form: String?
            let explanation: String?
            let candidates: [String]
            let rejections: [String]
        }

        let receiver: String
        let offered: Bool
        let activation: [String]
        let items: [Item]

        init(_ plan: SharePlan) {
            receiver = plan.receiver
            offered = plan.isOffered
            activation = plan.activation
            items = plan.items.map { item in
                let outcome: String
                switch item.outcome {
                case .delivered: outcome = "delivered"
                case .dropped: outcome = "dropped"
                case .transformed: outcome = "transformed"
                }
                return Item(
                    label: item.label, kind: item.kind.rawValue, outcome: outcome,
                    contentType: item.delivered?.offer.contentType.identifier, form: item.delivered?.offer.form.description,
                    explanation: item.explanation, candidates: item.negotiation.candidates.map(\.description),
                    rejections: item.negotiation.rejections.map(\.description))
            }
        }
    }
}
